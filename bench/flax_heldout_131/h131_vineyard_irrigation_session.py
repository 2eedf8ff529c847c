# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 controller.session.bound (model.bind(variables, mutable=['batch_stats'])) is called in the while_loop body; its batch_stats are read after the loop
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
        self.bound = policy.bind(variables, mutable=["batch_stats"])

    def litres(self, moisture):
        return self.bound(moisture)


class IrrigationController:
    def __init__(self, session: PolicySession, target: float = 0.35, max_cycles: int = 20):
        self.session = session
        self.target = target
        self.max_cycles = max_cycles

    def water(self, moisture):
        def cond(state):
            cycle, m = state
            return (cycle < self.max_cycles) & (m.mean() < self.target)

        def body(state):
            cycle, m = state
            return cycle + 1, m + self.session.litres(m)

        return jax.lax.while_loop(cond, body, (0, moisture))

    def export_stats(self):
        stats = self.session.bound.variables["batch_stats"]
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
