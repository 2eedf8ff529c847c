# label: ok
# flax-error: none
# class: 4 each RobotAgent's policy reached through FleetController.agents; run_shift calls model.eval() on every policy before the loop, so the fori_loop body's agent.policy(...) only reads BatchNorm stats
"""Warehouse robot fleet: dispatch pick robots tick by tick with learned speed policies.

Policies are shared between robots of the same chassis type and were just fine-tuned on
the floor's latest traffic before the controller takes over.
"""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class SpeedPolicy(nnx.Module):
    def __init__(self, obs: int, rngs: nnx.Rngs):
        self.encode = nnx.Linear(obs, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, momentum=0.9, rngs=rngs)
        self.speed = nnx.Linear(16, 2, rngs=rngs)

    def __call__(self, obs):
        return jnp.tanh(self.speed(nnx.relu(self.norm(self.encode(obs)))))


class RobotAgent:
    def __init__(self, robot_id: str, policy: SpeedPolicy):
        self.robot_id = robot_id
        self.policy = policy


class FleetController:
    def __init__(self, agents):
        self.agents = agents

    def fine_tune_warmup(self, obs):
        for agent in self.agents:
            agent.policy.train()
            agent.policy(obs)  # refresh BatchNorm statistics on today's traffic

    def run_shift(self, positions, ticks: int = 5):
        for agent in self.agents:
            agent.policy.eval()

        def tick(t, pos):
            moves = [agent.policy(pos[i][None])[0] for i, agent in enumerate(self.agents)]
            return pos.at[:, :2].add(0.1 * jnp.stack(moves))

        return lax.fori_loop(0, ticks, tick, positions)


def main():
    rngs = nnx.Rngs(0)
    shared = SpeedPolicy(6, rngs)
    agents = [RobotAgent(f"amr-{i:03d}", shared if i % 2 else SpeedPolicy(6, rngs)) for i in range(3)]
    controller = FleetController(agents)
    controller.fine_tune_warmup(jax.random.normal(jax.random.key(1), (32, 6)))
    positions = jax.random.uniform(jax.random.key(2), (3, 6))
    jax.block_until_ready(controller.run_shift(positions))
    return None
