# label: same-values
# flax-error: none
# class: 4 ActorWorker -> agent.policy: the worker nnx.clone()s the learner's policy (with its nnx.Rngs explore stream) inside the collection scan
"""Game AI: an epsilon-greedy actor collects experience for a replay buffer in a racing game.
The learner owns the NNX policy, which holds an nnx.Rngs 'explore' stream; the actor worker
acts with a copy of the policy so the learner's copy stays untouched, and pushes what it did
into the replay buffer object."""
import jax
import jax.numpy as jnp
from flax import nnx


class Policy(nnx.Module):
    def __init__(self, obs_dim: int, n_actions: int, rngs: nnx.Rngs, epsilon: float = 0.3):
        self.torso = nnx.Linear(obs_dim, 32, rngs=rngs)
        self.q_head = nnx.Linear(32, n_actions, rngs=rngs)
        self.rngs = rngs
        self.n_actions = n_actions
        self.epsilon = epsilon

    def act(self, obs):
        q = self.q_head(nnx.relu(self.torso(obs)))
        draw = jax.random.uniform(self.rngs.explore())
        random_action = jax.random.randint(self.rngs.explore(), (), 0, self.n_actions)
        action = jnp.where(draw < self.epsilon, random_action, jnp.argmax(q))
        return action, draw, random_action


class ReplayBuffer:
    def __init__(self):
        self.chunks = []

    def push(self, transitions):
        self.chunks.append(transitions)


class Agent:
    def __init__(self, obs_dim, n_actions, seed=0):
        self.policy = Policy(obs_dim, n_actions, nnx.Rngs(seed, explore=seed + 1))
        self.buffer = ReplayBuffer()


class ActorWorker:
    def __init__(self, agent: Agent):
        self.agent = agent

    def collect(self, start_obs, n_steps: int):
        def env_step(obs, _):
            actor = nnx.clone(self.agent.policy)
            action, draw, random_action = actor.act(obs)
            next_obs = 0.9 * obs + 0.1 * jnp.tanh(action.astype(jnp.float32))
            return next_obs, {"action": action, "draw": draw, "random_action": random_action}

        _, traj = jax.lax.scan(env_step, start_obs, None, length=n_steps)
        self.agent.buffer.push(traj)
        return traj


def main():
    agent = Agent(obs_dim=6, n_actions=4)
    traj = ActorWorker(agent).collect(jnp.zeros((6,)), n_steps=10)
    return {"draw": traj["draw"], "random_action": traj["random_action"]}
