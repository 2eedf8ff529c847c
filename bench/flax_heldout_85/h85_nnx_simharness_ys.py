# label: ok
# flax-error: none
# class: 3 the jax.lax.scan body returns each observation as ys; the harness hands the stacked trajectory to its TrajectoryRecorder after the loop
"""Simulation-based testing harness: roll an NNX policy+dynamics pair forward and check invariants."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class Policy(nnx.Module):
    def __init__(self, obs_dim, act_dim, *, rngs):
        self.fc = nnx.Linear(obs_dim, act_dim, rngs=rngs)

    def __call__(self, obs):
        return nnx.tanh(self.fc(obs))


class Dynamics(nnx.Module):
    def __init__(self, obs_dim, act_dim, *, rngs):
        self.fc = nnx.Linear(obs_dim + act_dim, obs_dim, rngs=rngs)

    def __call__(self, obs, act):
        return obs + 0.1 * self.fc(jnp.concatenate([obs, act]))


class TrajectoryRecorder:
    def __init__(self):
        self.frames = []

    def record(self, obs):
        self.frames.append(obs)

    def as_array(self):
        return jnp.stack(self.frames)


@dataclasses.dataclass
class Invariant:
    name: str
    bound: float

    def holds(self, traj):
        return bool(jnp.all(jnp.abs(traj) < self.bound))


class SimHarness:
    def __init__(self, policy, dynamics, recorder):
        self.policy, self.dynamics, self.recorder = policy, dynamics, recorder

    def rollout(self, obs0, horizon):
        def step(obs, _):
            nxt = self.dynamics(obs, self.policy(obs))
            return nxt, nxt

        _, frames = jax.lax.scan(step, obs0, None, length=horizon)
        for frame in frames:
            self.recorder.record(frame)
        return self.recorder.as_array()


def main():
    rngs = nnx.Rngs(0)
    harness = SimHarness(Policy(4, 2, rngs=rngs), Dynamics(4, 2, rngs=rngs), TrajectoryRecorder())
    traj = harness.rollout(jnp.ones((4,)), horizon=8)
    Invariant("bounded_state", 100.0).holds(traj)
    return None
