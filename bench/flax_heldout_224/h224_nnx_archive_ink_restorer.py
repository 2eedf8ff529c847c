# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 InkRestorer.net (an NNX model left in training mode, BatchNorm and Dropout) is called in the fori_loop body
"""Archive digitisation: faded-ink restoration over the pages of one bound register."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class InkNet(nnx.Module):
    def __init__(self, width, *, rngs: nnx.Rngs):
        self.encode = nnx.Linear(width, 32, rngs=rngs)
        self.norm = nnx.BatchNorm(32, momentum=0.9, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.decode = nnx.Linear(32, width, rngs=rngs)

    def __call__(self, strip):
        h = self.drop(nnx.gelu(self.norm(self.encode(strip))))
        return jnp.clip(strip + self.decode(h), 0.0, 1.0)


class InkRestorer:
    """Serving wrapper used by the scanning-station worker."""

    def __init__(self, net: InkNet, register_id: str):
        self.net = net
        self.register_id = register_id

    def restore_register(self, pages):
        def restore_page(i, restored):
            return restored.at[i].set(self.net(pages[i]))

        return lax.fori_loop(0, pages.shape[0], restore_page, jnp.zeros_like(pages))


def main():
    pages = jax.random.uniform(jax.random.key(7), (5, 12, 24)) * 0.6  # 5 pages, 12 strips of 24 px
    restorer = InkRestorer(InkNet(24, rngs=nnx.Rngs(0, dropout=1)), register_id="parish-1843-b")
    restored = restorer.restore_register(pages)
    jax.block_until_ready(restored)
    return None
