# label: ok
# flax-error: none
# class: 5 NNX model with Dropout(rngs) and BatchNorm switched to model.eval() before a raw rollout scan
"""Near-miss of training-mode NNX state in a raw scan: after model.eval() BatchNorm reads its
running statistics and Dropout is deterministic, so the body mutates nothing."""
import jax
import jax.numpy as jnp
from flax import nnx


class Dynamics(nnx.Module):
    def __init__(self, d, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(d, 16, rngs=rngs)
        self.bn = nnx.BatchNorm(16, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.l2 = nnx.Linear(16, d, rngs=rngs)

    def __call__(self, s):
        return s + 0.1 * self.l2(self.drop(nnx.relu(self.bn(self.l1(s)))))


def main():
    model = Dynamics(3, rngs=nnx.Rngs(0, dropout=1))
    batch = jax.random.normal(jax.random.PRNGKey(0), (16, 3))
    model.train()
    for _ in range(2):
        model(batch)  # update BatchNorm statistics eagerly
    model.eval()

    def step(s, _):
        s = model(s)
        return s, s

    _, traj = jax.lax.scan(step, batch[:2], None, length=8)
    jax.block_until_ready(traj)
    return None
