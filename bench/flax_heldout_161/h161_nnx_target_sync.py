# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 Trainer.callbacks -> PolyakSync.on_step(agent) updates agent.target (an nnx.Module) with nnx.update inside the fori_loop body
"""DQN agent for elevator-bank dispatch: replay buffer, online network and a Polyak-averaged target network.

A prioritisation pass walks the replay buffer, computes TD errors with the online and target
networks and lets the registered callbacks react after every minibatch.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class QNet(nnx.Module):
    def __init__(self, obs_dim: int, actions: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(obs_dim, 32, rngs=rngs)
        self.out = nnx.Linear(32, actions, rngs=rngs)

    def __call__(self, obs):
        return self.out(nnx.relu(self.hidden(obs)))


class ReplayBuffer:
    def __init__(self, size: int, obs_dim: int, seed: int):
        k1, k2 = jax.random.split(jax.random.key(seed))
        self.obs = jax.random.normal(k1, (size, obs_dim))
        self.next_obs = jax.random.normal(k2, (size, obs_dim))
        self.rewards = jnp.sin(jnp.arange(size, dtype=jnp.float32))


class Agent:
    def __init__(self, obs_dim: int, actions: int, seed: int):
        self.online = QNet(obs_dim, actions, nnx.Rngs(seed))
        self.target = QNet(obs_dim, actions, nnx.Rngs(seed + 1))
        self.gamma = 0.97


class PolyakSync:
    def __init__(self, tau: float):
        self.tau = tau

    def on_step(self, agent: Agent, step):
        online = nnx.state(agent.online, nnx.Param)
        target = nnx.state(agent.target, nnx.Param)
        nnx.update(agent.target, jax.tree.map(lambda t, o: (1 - self.tau) * t + self.tau * o, target, online))


class Trainer:
    def __init__(self, agent: Agent, buffer: ReplayBuffer, callbacks, batch: int = 8):
        self.agent, self.buffer, self.callbacks, self.batch = agent, buffer, callbacks, batch

    def prioritise(self):
        num = self.buffer.obs.shape[0] // self.batch
        agent, buf = self.agent, self.buffer

        def body(i, priorities):
            sl = lambda a: jax.lax.dynamic_slice_in_dim(a, i * self.batch, self.batch)
            q = agent.online(sl(buf.obs)).max(-1)
            target = sl(buf.rewards) + agent.gamma * agent.target(sl(buf.next_obs)).max(-1)
            for callback in self.callbacks:
                callback.on_step(agent, i)
            return jax.lax.dynamic_update_slice_in_dim(priorities, jnp.abs(target - q), i * self.batch, 0)

        return jax.lax.fori_loop(0, num, body, jnp.zeros(num * self.batch))


def main():
    agent = Agent(obs_dim=5, actions=3, seed=0)
    trainer = Trainer(agent, ReplayBuffer(32, 5, seed=9), callbacks=[PolyakSync(tau=0.05)])
    trainer.prioritise()
    return None
