# label: ok
# flax-error: none
# class: 3 the same module-level EMA helper in the scan body `nnx.update`s a target merged in the body from the carried params, not the `nnx.clone` made outside
import jax
import jax.numpy as jnp
from flax import nnx


def ema_update(target, online, decay):
    t, o = nnx.state(target, nnx.Param), nnx.state(online, nnx.Param)
    nnx.update(target, jax.tree.map(lambda a, b: decay * a + (1 - decay) * b, t, o))


def train_epoch(online, target, batches):
    graphdef, params = nnx.split(online)
    def body(params, x):
        ema_update(nnx.merge(graphdef, params), nnx.merge(graphdef, params), 0.99)
        return params, x.sum()
    return jax.lax.scan(body, params, batches)


def main():
    online = nnx.Linear(4, 4, rngs=nnx.Rngs(0))
    target = nnx.clone(online)
    params, losses = train_epoch(online, target, jnp.ones((3, 4)))
    jax.tree.map(lambda a: a + 0, (params, losses, nnx.state(target)))
