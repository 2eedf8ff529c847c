# label: ok
# flax-error: none
# class: 5 module-level ema_update receives the EMA NNX score network carries the EMA parameter state through the lax.fori_loop and writes it with nnx.update after the loop
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

    def blend(i, ema_params):
        snap = jax.tree.map(lambda s: s[i], snapshots)
        return jax.tree.map(lambda e, s: decay * e + (1 - decay) * s, ema_params, snap)

    ema_params = jax.lax.fori_loop(0, n, blend, nnx.state(ema_model, nnx.Param))
    nnx.update(ema_model, ema_params)


def main():
    online = ScoreMLP(rngs=nnx.Rngs(0))
    ema = ScoreMLP(rngs=nnx.Rngs(1))
    params = nnx.state(online, nnx.Param)
    snapshots = jax.tree.map(lambda p: jnp.stack([p, p * 0.9, p * 0.8]), params)
    ema_update(ema, snapshots)
    print(ema(jnp.ones((1, 2)), jnp.ones((1, 1))))
    return None
