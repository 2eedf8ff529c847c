# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a module-level EMA helper the scan body calls `nnx.update`s a target network made by `nnx.clone(online)` outside the loop, from the online model merged from the carried params
import jax
import jax.numpy as jnp
from flax import nnx


def ema_update(target, online, decay):
    t, o = nnx.state(target, nnx.Param), nnx.state(online, nnx.Param)
    nnx.update(target, jax.tree.map(lambda a, b: decay * a + (1 - decay) * b, t, o))


def train_epoch(online, target, batches):
    graphdef, params = nnx.split(online)
    def body(params, x):
        ema_update(target, nnx.merge(graphdef, params), 0.99)
        return params, x.sum()
    return jax.lax.scan(body, params, batches)


def main():
    online = nnx.Linear(4, 4, rngs=nnx.Rngs(0))
    target = nnx.clone(online)
    params, losses = train_epoch(online, target, jnp.ones((3, 4)))
    jax.tree.map(lambda a: a + 0, (params, losses, nnx.state(target)))
