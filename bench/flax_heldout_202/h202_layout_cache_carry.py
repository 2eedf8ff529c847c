# label: ok
# flax-error: none
# class: 4 LayoutParser -> DecodeSession.model.apply in the fori_loop body; the 'cache' collection goes in and out through the loop carry with mutable=['cache']
"""Document layout parsing: an autoregressive region decoder emits one region tag per
step (title, paragraph, table, figure, footer...) for a scanned page."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax

REGION_TAGS = ("title", "paragraph", "table", "figure", "caption", "footer")


class RegionDecoder(nn.Module):
    n_tags: int = len(REGION_TAGS)
    width: int = 16

    @nn.compact
    def __call__(self, tag):
        summary = self.variable("cache", "summary", jnp.zeros, (self.width,))
        position = self.variable("cache", "position", lambda: jnp.zeros((), jnp.int32))
        emb = nn.Embed(self.n_tags, self.width)(tag)
        pos_emb = nn.Embed(64, self.width, name="pos")(position.value)
        state = jnp.tanh(0.7 * summary.value + emb + pos_emb)
        summary.value = state
        position.value = position.value + 1
        return nn.Dense(self.n_tags)(state)


class DecodeSession:
    """Holds the decoder and its params; the cache is threaded by the caller."""

    def __init__(self, model: RegionDecoder, variables):
        self.model = model
        self.params = variables["params"]
        self.cache = variables["cache"]

    def step(self, cache, tag):
        logits, updates = self.model.apply({"params": self.params, "cache": cache}, tag, mutable=["cache"])
        return logits, updates["cache"]


class LayoutParser:
    def __init__(self, session: DecodeSession, max_regions: int):
        self.session = session
        self.max_regions = max_regions

    def parse(self, first_tag):
        def emit(i, carry):
            tag, cache, tags = carry
            logits, cache = self.session.step(cache, tag)
            nxt = jnp.argmax(logits).astype(jnp.int32)
            return nxt, cache, tags.at[i].set(nxt)

        init = (first_tag, self.session.cache, jnp.zeros((self.max_regions,), jnp.int32))
        _, cache, tags = lax.fori_loop(0, self.max_regions, emit, init)
        self.session.cache = cache
        return tags


def main():
    model = RegionDecoder()
    variables = model.init(jax.random.key(5), jnp.zeros((), jnp.int32))
    parser = LayoutParser(DecodeSession(model, variables), max_regions=10)
    tags = parser.parse(jnp.zeros((), jnp.int32))
    consumed = parser.session.cache["position"] + 0
    assert tags.shape == (10,) and consumed.shape == ()
    return None
