# label: ok
# flax-error: none
# class: 4 the CrowdSimulator calls its FlowSession from the fori_loop body; the session's batch_stats go in and out of the loop through the carry and are stored back after it
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
    """One model with its variables; the running statistics are handed in and out explicitly."""

    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def forward(self, batch_stats, queues):
        served, updates = self.model.apply({"params": self.params, "batch_stats": batch_stats},
                                           queues, train=True, mutable=["batch_stats"])
        return served, updates["batch_stats"]

    def running_stats(self):
        return self.batch_stats


class CrowdSimulator:
    def __init__(self, session, arrivals):
        self.session = session
        self.arrivals = arrivals

    def _minute(self, minute, carry):
        queues, batch_stats = carry
        waiting = queues + self.arrivals[minute]
        served, batch_stats = self.session.forward(batch_stats, waiting)
        return jnp.maximum(waiting - served, 0.0), batch_stats

    def simulate(self, minutes, sections, gates):
        init = (jnp.zeros((sections, gates)), self.session.batch_stats)
        queues, self.session.batch_stats = lax.fori_loop(0, minutes, self._minute, init)
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
