# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the controller's split policy state rides in the fori_loop carry, but the body also stores the merged policy on the controller's live attribute, which telemetry reads afterwards
"""Ice rink resurfacing robot: a policy adjusting water flow along the resurfacing passes."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class FlowPolicy(nnx.Module):
    def __init__(self, sensors, rngs: nnx.Rngs):
        self.embed = nnx.Linear(sensors, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, momentum=0.9, rngs=rngs)
        self.flow = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, readings):
        return nnx.softplus(self.flow(nnx.relu(self.norm(self.embed(readings))))).squeeze(-1)


class ResurfacingController:
    def __init__(self, policy):
        self.graphdef, self.state = nnx.split(policy)
        self.live = policy

    def run_passes(self, readings, n_passes):
        def one_pass(i, carry):
            state, water = carry
            policy = nnx.merge(self.graphdef, state)
            water = water + policy(readings[i]).sum()
            self.live = policy
            return nnx.state(policy), water

        self.state, water = fori_loop(0, n_passes, one_pass, (self.state, jnp.zeros(())))
        return water

    def telemetry(self):
        norm = self.live.norm
        return {"mean_drift": float(jnp.abs(norm.mean[...]).mean()), "var": float(norm.var[...].mean())}


def main():
    policy = FlowPolicy(sensors=5, rngs=nnx.Rngs(0))
    readings = jax.random.normal(jax.random.key(7), (4, 6, 5))
    controller = ResurfacingController(policy)
    jax.block_until_ready(controller.run_passes(readings, 4))
    controller.telemetry()
    return None
