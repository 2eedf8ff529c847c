# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_tracking_step returns an nnx.jit step; TrackingController.run calls it inside lax.fori_loop with self.policy, whose BatchNorm updates its statistics
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class JointPolicy(nnx.Module):
    def __init__(self, n_joints, rngs):
        self.enc = nnx.Linear(2 * n_joints, 12, rngs=rngs)
        self.bn = nnx.BatchNorm(12, momentum=0.95, rngs=rngs)
        self.dec = nnx.Linear(12, n_joints, rngs=rngs)

    def __call__(self, obs):
        return jnp.tanh(self.dec(nnx.gelu(self.bn(self.enc(obs)))))


def make_tracking_step(gain, dt):
    @nnx.jit
    def tracking_step(policy, q, target):
        torque = gain * policy(jnp.concatenate([q, target - q], axis=-1))
        return q + dt * torque

    return tracking_step


class TrackingController:
    def __init__(self, policy, step_fn, n_ticks=5):
        self.policy = policy
        self.step_fn = step_fn
        self.n_ticks = n_ticks

    def run(self, q0, target):
        def tick(i, q):
            return self.step_fn(self.policy, q, target)

        return lax.fori_loop(0, self.n_ticks, tick, q0)


def main():
    policy = JointPolicy(n_joints=3, rngs=nnx.Rngs(4))
    controller = TrackingController(policy, make_tracking_step(gain=0.8, dt=0.02))
    q0 = jnp.zeros((2, 3))
    target = jnp.array([[0.5, -0.25, 0.75], [0.1, 0.2, -0.3]])
    q = controller.run(q0, target)
    jax.block_until_ready(jnp.linalg.norm(q - target))
    return None
