# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 module-level ema_update receives the EMA NNX score network and writes the EMA parameters with nnx.update inside the lax.fori_loop body
"""EMA of a score network's weights, replayed over a window of saved online snapshots (NNX).

When resuming score-model training the EMA model is rebuilt from the last few online
snapshots: each snapshot is blended into the EMA weights in order with a lax.fori_loop.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class ScoreMLP(nnx.Module):
    def __init__(self, dim=2, hidden=16, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim + 1, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, dim, rngs=rngs)

    def __call__(self, x, t):
        return self.l2(nnx.swish(self.l1(jnp.concatenate([x, t], -1))))


def ema_update(ema_model, snapshots, decay=0.999):
    n = jax.tree.leaves(snapshots)[0].shape[0]

    def blend(i, _):
        ema_params = nnx.state(ema_model, nnx.Param)
        snap = jax.tree.map(lambda s: s[i], snapshots)
        new = jax.tree.map(lambda e, s: decay * e + (1 - decay) * s, ema_params, snap)
        nnx.update(ema_model, new)
        return _

    jax.lax.fori_loop(0, n, blend, None)


def main():
    online = ScoreMLP(rngs=nnx.Rngs(0))
    ema = ScoreMLP(rngs=nnx.Rngs(1))
    params = nnx.state(online, nnx.Param)
    snapshots = jax.tree.map(lambda p: jnp.stack([p, p * 0.9, p * 0.8]), params)
    ema_update(ema, snapshots)
    print(ema(jnp.ones((1, 2)), jnp.ones((1, 1))))
    return None
