# label: ok
# flax-error: none
# class: 5 dynamics model with BatchNorm trained outside the loop, rolled out with use_running_average=True
"""Near-miss of training-mode BatchNorm in a scan: the statistics are updated by a normal batched
apply(mutable=['batch_stats']); the jax.lax.scan rollout only reads them in eval mode."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Dynamics(nn.Module):
    state_dim: int = 3

    @nn.compact
    def __call__(self, s, train: bool):
        h = nn.Dense(16)(s)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return s + 0.1 * nn.Dense(self.state_dim)(nn.relu(h))


def rollout(model, variables, s0, horizon):
    def step(s, _):
        s = model.apply(variables, s, train=False)
        return s, s

    return jax.lax.scan(step, s0, None, length=horizon)[1]


def main():
    model = Dynamics()
    batch = jax.random.normal(jax.random.PRNGKey(0), (16, 3))
    variables = model.init(jax.random.PRNGKey(1), batch, train=True)
    for _ in range(3):
        _, updates = model.apply(variables, batch, train=True, mutable=["batch_stats"])
        variables = {"params": variables["params"], "batch_stats": updates["batch_stats"]}
    traj = rollout(model, variables, batch[:2], 8)
    jax.block_until_ready(traj)
    return None
