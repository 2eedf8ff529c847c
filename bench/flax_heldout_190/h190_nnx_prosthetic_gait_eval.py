# label: ok
# flax-error: none
# class: 5 KneeController.policy enters the lax.scan body already switched by the inference_mode context manager, which wraps the whole loop
"""Torque controller for a powered prosthetic knee.

The gait policy was trained with dropout; the controller replays recorded IMU frames through it
to produce a torque profile for the clinician's fitting session, switching the policy to
inference mode with a small context manager shared across the codebase.
"""
import contextlib

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


@contextlib.contextmanager
def inference_mode(module: nnx.Module):
    """Temporarily put a module in eval mode (dropout off), restoring train mode afterwards."""
    module.eval()
    try:
        yield module
    finally:
        module.train()


class GaitPolicy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.encode = nnx.Linear(6, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.torque = nnx.Linear(32, 2, rngs=rngs)

    def __call__(self, x):
        return jnp.tanh(self.torque(self.drop(nnx.relu(self.encode(x)))))


class KneeController:
    def __init__(self, policy: GaitPolicy, dt: float = 0.01):
        self.policy = policy
        self.dt = dt

    def replay(self, imu_frames):
        with inference_mode(self.policy) as policy:
            def tick(joint, frame):
                torque = policy(jnp.concatenate([frame, joint]))
                joint = joint + self.dt * torque
                return joint, torque

            _, torques = lax.scan(tick, jnp.zeros(2), imu_frames)
        return torques


def main():
    policy = GaitPolicy(nnx.Rngs(params=0, dropout=1))
    frames = jnp.sin(jnp.arange(20 * 4, dtype=jnp.float32) / 5.0).reshape(20, 4)
    KneeController(policy).replay(frames)
    return None
