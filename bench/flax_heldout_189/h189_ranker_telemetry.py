# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "calls" in "/" because collection "telemetry" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the paging while_loop body calls self.scorer, a listwise ranker bound once with immutable collections, whose __call__ bumps a "telemetry" call counter
"""Product-search ranking server: pages through candidate pages until the best score on a
page drops below the cut-off, counting model calls in a telemetry collection."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop

QUERY_DIM = 12
DOC_DIM = 12


class ListwiseRanker(nn.Module):
    @nn.compact
    def __call__(self, query, docs):
        calls = self.variable("telemetry", "calls", lambda: jnp.zeros((), jnp.int32))
        if not self.is_initializing():
            calls.value = calls.value + 1
        q = nn.Dense(16, name="query_tower")(query)
        d = nn.Dense(16, name="doc_tower")(docs)
        return d @ q


class RankingServer:
    def __init__(self, model, variables, cutoff):
        self.scorer = model.bind(variables)
        self.cutoff = cutoff

    def pages_needed(self, query, pages):
        def more(state):
            page, best = state
            return (page < pages.shape[0]) & (best > self.cutoff)

        def next_page(state):
            page, _ = state
            docs = jax.lax.dynamic_index_in_dim(pages, page, keepdims=False)
            scores = self.scorer(query, docs)
            return page + 1, jnp.max(scores)

        page, _ = while_loop(more, next_page, (jnp.int32(0), jnp.float32(jnp.inf)))
        return page


def main():
    model = ListwiseRanker()
    query = jax.random.normal(jax.random.PRNGKey(0), (QUERY_DIM,))
    pages = jax.random.normal(jax.random.PRNGKey(1), (6, 20, DOC_DIM))
    variables = model.init(jax.random.PRNGKey(2), query, pages[0])
    RankingServer(model, variables, cutoff=-1.0).pages_needed(query, pages)
    return None
