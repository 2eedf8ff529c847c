# label: ok
# flax-error: none
# class: 4 neural process: module merged in the jax.lax.scan body; the context representations leave as scan ys and decode takes r as an argument
import jax
import jax.numpy as jnp
from flax import nnx


class NeuralProcess(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(2, 8, rngs=rngs)
        self.decoder = nnx.Linear(9, 1, rngs=rngs)

    def encode(self, xc, yc):
        return jnp.mean(self.encoder(jnp.concatenate([xc, yc], -1)), axis=0)

    def decode(self, xt, r):
        r = jnp.broadcast_to(r, (xt.shape[0], 8))
        return self.decoder(jnp.concatenate([xt, r], -1))


def main():
    np_model = NeuralProcess(nnx.Rngs(0))
    graphdef, state = nnx.split(np_model)
    xc = jax.random.normal(jax.random.key(1), (4, 10, 1))
    yc = jnp.sin(xc)

    def encode_task(state, ctx):
        m = nnx.merge(graphdef, state)
        r = m.encode(*ctx)
        return state, r

    _, rs = jax.lax.scan(encode_task, state, (xc, yc))
    preds = np_model.decode(jnp.linspace(-1, 1, 5)[:, None], rs[-1])
    preds.block_until_ready()
    return None
