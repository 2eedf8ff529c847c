# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_adapt_step builds the fori_loop body as a closure that merges the carried policy state and hands the merged policy to the controller's publish callback
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop


class GripPolicy(nnx.Module):
    def __init__(self, obs_dim, n_fingers, rngs):
        self.enc = nnx.Linear(obs_dim, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, rngs=rngs)
        self.force = nnx.Linear(8, n_fingers, rngs=rngs)

    def __call__(self, obs, train=True):
        h = self.norm(self.enc(obs), use_running_average=not train)
        return nnx.softplus(self.force(nnx.relu(h)))


def make_adapt_step(graphdef, batches, publish):
    def adapt_step(i, state):
        policy = nnx.merge(graphdef, state)
        policy(batches[i])
        publish(policy)
        return nnx.state(policy)

    return adapt_step


class GripController:
    def __init__(self, policy):
        self.policy = policy
        self.live_policy = policy

    def _publish(self, policy):
        self.live_policy = policy

    def adapt(self, tactile_batches):
        graphdef, state = nnx.split(self.policy)
        step = make_adapt_step(graphdef, tactile_batches, self._publish)
        state = fori_loop(0, tactile_batches.shape[0], step, state)
        nnx.update(self.policy, state)

    def command(self, obs):
        return self.live_policy(obs, train=False)


def main():
    controller = GripController(GripPolicy(obs_dim=6, n_fingers=3, rngs=nnx.Rngs(0)))
    tactile = jax.random.uniform(jax.random.key(1), (4, 8, 6))
    controller.adapt(tactile)
    forces = controller.command(tactile[0])
    jax.block_until_ready(forces)
    return None
