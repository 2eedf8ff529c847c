# label: ok
# flax-error: none
# class: 3 ArmControlService.track runs jax.lax.scan over waypoints; the body calls self.policy, an nnx.Module the service switched to evaluation mode
import jax
import jax.numpy as jnp
from flax import nnx


class SensorPipeline:
    def __init__(self, encoder_scale=2048.0):
        self.encoder_scale = encoder_scale

    def joint_angles(self, counts):
        return counts / self.encoder_scale


class ArmPolicy(nnx.Module):
    def __init__(self, n_joints, width, rngs):
        self.inp = nnx.Linear(2 * n_joints, width, rngs=rngs)
        self.norm = nnx.BatchNorm(width, rngs=rngs)
        self.out = nnx.Linear(width, n_joints, rngs=rngs)

    def __call__(self, obs):
        return jnp.tanh(self.out(nnx.relu(self.norm(self.inp(obs)))))


class ArmControlService:
    def __init__(self, policy, dt=0.05):
        self.policy = policy
        self.policy.eval()
        self.dt = dt

    def track(self, q0, waypoints):
        def step(q, waypoint):
            torque = self.policy(jnp.concatenate([q, waypoint - q], axis=-1))
            q = q + self.dt * torque
            return q, torque

        q_final, torques = jax.lax.scan(step, q0, waypoints)
        return q_final, torques


def main():
    sensors = SensorPipeline()
    policy = ArmPolicy(n_joints=3, width=8, rngs=nnx.Rngs(0))
    service = ArmControlService(policy)
    q0 = sensors.joint_angles(jnp.array([[100.0, -300.0, 820.0], [0.0, 40.0, -60.0]]))
    waypoints = jnp.linspace(0.0, 0.5, 6)[:, None, None] * jnp.ones((6, 2, 3))
    q_final, torques = service.track(q0, waypoints)
    jax.block_until_ready((q_final, jnp.abs(torques).max()))
    return None
