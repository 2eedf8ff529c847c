# label: ok
# flax-error: none
# class: 4 controller.session holds the variables; the while_loop carries batch_stats and applies with mutable=['batch_stats'], the session is updated after the loop
"""Vineyard irrigation: a controller keeps watering blocks until soil moisture reaches target."""
import jax
import jax.numpy as jnp
from flax import linen as nn

BLOCKS = 6


class DripPolicy(nn.Module):
    @nn.compact
    def __call__(self, moisture):
        h = nn.Dense(16)(moisture[None, :])
        h = nn.BatchNorm(use_running_average=False, momentum=0.8)(h)
        return 0.05 * nn.sigmoid(nn.Dense(BLOCKS)(nn.relu(h)))[0]


class PolicySession:
    def __init__(self, policy: DripPolicy, variables):
        self.policy = policy
        self.variables = variables

    def litres(self, batch_stats, moisture):
        variables = {"params": self.variables["params"], "batch_stats": batch_stats}
        out, updates = self.policy.apply(variables, moisture, mutable=["batch_stats"])
        return out, updates["batch_stats"]


class IrrigationController:
    def __init__(self, session: PolicySession, target: float = 0.35, max_cycles: int = 20):
        self.session = session
        self.target = target
        self.max_cycles = max_cycles

    def water(self, moisture):
        def cond(state):
            cycle, m, _ = state
            return (cycle < self.max_cycles) & (m.mean() < self.target)

        def body(state):
            cycle, m, batch_stats = state
            litres, batch_stats = self.session.litres(batch_stats, m)
            return cycle + 1, m + litres, batch_stats

        init = (0, moisture, self.session.variables["batch_stats"])
        cycles, final, batch_stats = jax.lax.while_loop(cond, body, init)
        self.session.variables = {**self.session.variables, "batch_stats": batch_stats}
        return cycles, final

    def export_stats(self):
        stats = self.session.variables["batch_stats"]
        return jax.tree.map(jnp.mean, stats)


def main():
    policy = DripPolicy()
    moisture = jnp.full((BLOCKS,), 0.2)
    variables = policy.init(jax.random.key(0), moisture)
    controller = IrrigationController(PolicySession(policy, variables))
    cycles, final = controller.water(moisture)
    summary = controller.export_stats()
    jax.block_until_ready((cycles, final, summary))
    return None
