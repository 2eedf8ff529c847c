# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the CrowdSimulator calls its FlowSession, which holds model.bind(variables, mutable=["batch_stats"]), from the fori_loop body and reads the bound batch_stats after the loop
"""Stadium crowd flow: gate throughput model stepped minute by minute through a bound session."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class GateFlowModel(nn.Module):
    gates: int = 4

    @nn.compact
    def __call__(self, queues, train: bool = True):
        h = nn.Dense(12, name="concourse")(queues)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9, name="norm")(h)
        return nn.softplus(nn.Dense(self.gates, name="throughput")(nn.relu(h)))


class FlowSession:
    """One model bound to its variables, so that handlers can call it like a function."""

    def __init__(self, model, variables):
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def forward(self, queues):
        return self.bound(queues, train=True)

    def running_stats(self):
        return self.bound.variables["batch_stats"]


class CrowdSimulator:
    def __init__(self, session, arrivals):
        self.session = session
        self.arrivals = arrivals

    def _minute(self, minute, queues):
        waiting = queues + self.arrivals[minute]
        served = self.session.forward(waiting)
        return jnp.maximum(waiting - served, 0.0)

    def simulate(self, minutes, sections, gates):
        queues = lax.fori_loop(0, minutes, self._minute, jnp.zeros((sections, gates)))
        drift = jax.tree.map(lambda stat: jnp.mean(jnp.abs(stat)), self.session.running_stats())
        return queues, drift


def main():
    minutes, sections, gates = 10, 3, 4
    model = GateFlowModel(gates=gates)
    arrivals = jax.random.poisson(jax.random.key(0), 3.0, (minutes, sections, gates)).astype(jnp.float32)
    variables = model.init(jax.random.key(1), arrivals[0])
    simulator = CrowdSimulator(FlowSession(model, variables), arrivals)
    queues, drift = simulator.simulate(minutes, sections, gates)
    jax.block_until_ready((queues, drift))
    return None
