# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a module-level helper run_gru(cell, h0, xs) scans a lambda over the GRU cell defined in setup, so init creates the cell params inside the scan
"""GRU4Rec-style session model: next-item scores from the sequence of clicked items."""
import jax
import jax.numpy as jnp
import flax.linen as nn


def run_gru(cell, h0, xs):
    """Runs an RNN cell over time-major inputs and returns every hidden state."""
    return jax.lax.scan(lambda h, x: cell(h, x), h0, xs)


class SessionGRU(nn.Module):
    num_items: int = 100
    embed_dim: int = 16
    hidden: int = 32

    def setup(self):
        self.item_embed = nn.Embed(self.num_items, self.embed_dim)
        self.cell = nn.GRUCell(self.hidden)
        self.out = nn.Dense(self.embed_dim)

    def __call__(self, clicks):
        xs = self.item_embed(clicks.T)  # time-major
        h0 = jnp.zeros((clicks.shape[0], self.hidden))
        h_last, _ = run_gru(self.cell, h0, xs)
        query = self.out(h_last)
        return self.item_embed.attend(query)  # scores over the catalogue


def main():
    clicks = jax.random.randint(jax.random.key(0), (4, 9), 0, 100)
    model = SessionGRU()
    variables = model.init(jax.random.key(1), clicks)
    scores = model.apply(variables, clicks)
    top = jax.lax.top_k(scores, 5)[1]
    jax.block_until_ready(top)
    return None
