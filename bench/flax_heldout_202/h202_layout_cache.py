# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 LayoutParser -> DecodeSession.bound (model.bind(variables, mutable=['cache'])) whose call rewrites the cache inside the fori_loop body
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
    """Holds a bound decoder so callers can step it token by token."""

    def __init__(self, model: RegionDecoder, variables):
        self.bound = model.bind(variables, mutable=["cache"])

    def step(self, tag):
        return self.bound(tag)


class LayoutParser:
    def __init__(self, session: DecodeSession, max_regions: int):
        self.session = session
        self.max_regions = max_regions

    def parse(self, first_tag):
        def emit(i, carry):
            tag, tags = carry
            logits = self.session.step(tag)
            nxt = jnp.argmax(logits).astype(jnp.int32)
            return nxt, tags.at[i].set(nxt)

        init = (first_tag, jnp.zeros((self.max_regions,), jnp.int32))
        _, tags = lax.fori_loop(0, self.max_regions, emit, init)
        return tags


def main():
    model = RegionDecoder()
    variables = model.init(jax.random.key(5), jnp.zeros((), jnp.int32))
    parser = LayoutParser(DecodeSession(model, variables), max_regions=10)
    tags = parser.parse(jnp.zeros((), jnp.int32))
    consumed = parser.session.bound.variables["cache"]["position"] + 0
    assert tags.shape == (10,) and consumed.shape == ()
    return None
