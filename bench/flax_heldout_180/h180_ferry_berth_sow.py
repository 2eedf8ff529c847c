# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 BerthApproach.__call__ runs the scan itself and its body sows the thrust commands into the module's intermediates collection
"""Ferry berthing assistant: turns a sonar/GNSS track into bow and stern thruster commands.

The docking report reads the thrust history back from the `intermediates` collection.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class BerthApproach(nn.Module):
    thrusters: int = 4
    damping: float = 0.5

    @nn.compact
    def __call__(self, track):
        controller = nn.Dense(self.thrusters, name="thrust_head")
        first = nn.tanh(controller(track[0]))

        def body(previous, observation):
            thrust = nn.tanh(controller(observation) + self.damping * previous)
            self.sow("intermediates", "thrust", thrust)
            return thrust, None

        last, _ = jax.lax.scan(body, first, track[1:])
        return last


class DockingReport:
    def __init__(self, model: BerthApproach, params):
        self.model = model
        self.params = params

    def run(self, track):
        last, state = self.model.apply({"params": self.params}, track, mutable=["intermediates"])
        history = jnp.stack(state["intermediates"]["thrust"])
        return {"final": last, "peak": jnp.max(jnp.abs(history)), "energy": jnp.sum(history**2)}


def synthetic_track(key, steps=30, features=6):
    drift = jnp.cumsum(0.1 * jax.random.normal(key, (steps, features)), axis=0)
    return drift + jnp.linspace(5.0, 0.0, steps)[:, None]


def main():
    track = synthetic_track(jax.random.key(4))
    model = BerthApproach()
    variables = model.init(jax.random.key(0), track)
    report = DockingReport(model, variables["params"]).run(track)
    jax.block_until_ready(report)
    return None
