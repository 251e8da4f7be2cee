//! Mode A: one collection, named by id. Its metadata, then its config
//! folder's children and the folder's `ccm:page_config` together (2 waves).

use std::sync::Arc;

use super::Variant;
use super::config_folder::{Filters, OWNER_KEYS, Owner, page_config_of, read_config, variants_of_folder};
use crate::app::App;
use crate::ids::NodeId;
use crate::navigation::{NavError, NavWarning};
use crate::upstream::{Props, UpstreamError};

/// The variants of one collection and its `(id, title)`.
pub(super) async fn by_collection(
    app: &App,
    id: &NodeId,
    filters: &Filters,
    warnings: &mut Vec<NavWarning>,
) -> Result<(Vec<Variant>, (String, String)), NavError> {
    let node = match app.upstream.metadata(id, Props::Keys(OWNER_KEYS)).await {
        Ok(node) => node,
        Err(UpstreamError::NotFound) => return Err(NavError::NotFound(id.to_string())),
        Err(error) => return Err(NavError::Upstream(error)),
    };
    let owner = Owner::from_node(&node, id);
    let collection = (owner.id.clone(), owner.name.clone());
    let Some(config_id) = owner.config_ref.clone() else {
        return Ok((Vec::new(), collection));
    };
    let read = read_config(app, &config_id).await;
    let children = match read.children {
        Ok(list) => Arc::unwrap_or_clone(list).nodes,
        Err(UpstreamError::NotFound) => {
            warnings.push(NavWarning::ConfigFolderMissing {
                folder_id: config_id.clone(),
            });
            Vec::new()
        }
        Err(error) => return Err(NavError::Upstream(error)),
    };
    let page_config = page_config_of(&read.config, warnings);
    Ok((
        variants_of_folder(app, &owner, &config_id, children, &page_config, filters),
        collection,
    ))
}
