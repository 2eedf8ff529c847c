# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body in Worker.collect calls agent.policy and appends each transition to agent.buffer, reached as Worker -> PickingAgent -> RolloutBuffer
"""Warehouse picking robots: a worker runs an agent's policy over a shift segment and
the agent fills its rollout buffer with the transitions for the next PPO update."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax

MOVES = jnp.array([[1.0, 0.0], [-1.0, 0.0], [0.0, 1.0], [0.0, -1.0]])


class PickPolicy(nnx.Module):
    def __init__(self, obs_dim, rngs):
        self.trunk = nnx.Linear(obs_dim, 32, rngs=rngs)
        self.logits = nnx.Linear(32, MOVES.shape[0], rngs=rngs)
        self.value = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, obs):
        h = nnx.tanh(self.trunk(obs))
        return self.logits(h), self.value(h)[..., 0]


class RolloutBuffer:
    def __init__(self):
        self.obs, self.actions, self.values = [], [], []

    def add(self, obs, action, value):
        self.obs.append(obs)
        self.actions.append(action)
        self.values.append(value)

    def as_batch(self):
        return {"obs": jnp.stack(self.obs), "actions": jnp.stack(self.actions), "values": jnp.stack(self.values)}


class PickingAgent:
    def __init__(self, policy):
        self.policy = policy
        self.buffer = RolloutBuffer()


class Worker:
    def __init__(self, agent, target):
        self.agent = agent
        self.target = target

    def collect(self, start, steps):
        def act(position, t):
            obs = jnp.concatenate([position, self.target - position])
            logits, value = self.agent.policy(obs)
            action = jnp.argmax(logits)
            self.agent.buffer.add(obs, action, value)
            return position + 0.5 * MOVES[action], -jnp.linalg.norm(self.target - position)

        final, rewards = lax.scan(act, start, jnp.arange(steps))
        return rewards


def main():
    agent = PickingAgent(PickPolicy(4, nnx.Rngs(0)))
    worker = Worker(agent, target=jnp.array([3.0, -2.0]))
    worker.collect(jnp.zeros(2), steps=12)
    batch = agent.buffer.as_batch()
    batch["values"].mean()
    return None
