# label: ok
# flax-error: none
# class: 5 make_servo_step builds the fori_loop body as a closure over the ServoDrive submodule; the last torque rides in the carry and is written to 'cache' after the loop
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


class ServoDrive(nn.Module):
    n_joints: int
    limit: float = 2.0

    def setup(self):
        self.gains = nn.Dense(self.n_joints, use_bias=False)
        self.last_torque = self.variable("cache", "last_torque", jnp.zeros, (self.n_joints,))

    def __call__(self, error):
        return jnp.clip(self.gains(error), -self.limit, self.limit)

    def remember(self, torque):
        self.last_torque.value = torque


def make_servo_step(drive, target, dt):
    def servo_step(tick, carry):
        q, _ = carry
        torque = drive(target - q)
        return q + dt * torque, torque

    return servo_step


class JointServoLoop(nn.Module):
    n_joints: int
    n_ticks: int = 6
    dt: float = 0.05

    def setup(self):
        self.drive = ServoDrive(self.n_joints)

    def __call__(self, error):
        return self.drive(error)

    def track(self, q0, target):
        step = make_servo_step(self.drive, target, self.dt)
        q, last_torque = fori_loop(0, self.n_ticks, step, (q0, jnp.zeros_like(q0)))
        self.drive.remember(last_torque)
        return q


class ServoService:
    def __init__(self, n_joints=5, seed=2):
        self.loop = JointServoLoop(n_joints)
        variables = self.loop.init(jax.random.key(seed), jnp.zeros(n_joints))
        self.params = {"params": variables["params"]}

    def move_to(self, q0, target):
        q, state = self.loop.apply(self.params, q0, target, method=JointServoLoop.track, mutable=["cache"])
        brake = -0.5 * state["cache"]["drive"]["last_torque"]
        return q, brake


def main():
    service = ServoService()
    q0 = jnp.zeros(5)
    target = jnp.array([0.4, -0.2, 1.0, 0.3, -0.8])
    q, brake = service.move_to(q0, target)
    jax.block_until_ready((q, brake))
    return None
