# label: ok
# flax-error: none
# class: 2 the Actor is reached from the fori_loop body, but the LSTM carry travels in the loop carry and is written back after the loop
"""Actor/learner/replay split for a recurrent policy. The Actor keeps the policy's LSTM state
between calls to act(); a rollout worker fills a fixed-size trajectory buffer with a fori_loop
and hands it to the replay, then the actor continues from its saved hidden state."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class RecurrentPolicy(nn.Module):
    n_actions: int = 3

    @nn.compact
    def __call__(self, carry, obs):
        carry, h = nn.OptimizedLSTMCell(16)(carry, obs)
        return carry, nn.Dense(self.n_actions)(h)


class Actor:
    def __init__(self, policy, variables, initial_carry):
        self.policy, self.variables = policy, variables
        self.hidden = initial_carry

    def act(self, hidden, obs):
        hidden, logits = self.policy.apply(self.variables, hidden, obs)
        return hidden, jnp.argmax(logits, -1)


class Replay:
    def __init__(self):
        self.trajectories = []

    def add(self, traj):
        self.trajectories.append(traj)


def env_step(obs, action):
    return jnp.roll(obs, 1, axis=-1) + 0.1 * action[:, None]


def rollout(actor, replay, obs0, length=6):
    def body(t, carry):
        hidden, obs, obs_buf, act_buf = carry
        hidden, action = actor.act(hidden, obs)
        obs_buf = obs_buf.at[t].set(obs)
        act_buf = act_buf.at[t].set(action)
        return hidden, env_step(obs, action), obs_buf, act_buf

    init = (actor.hidden, obs0, jnp.zeros((length,) + obs0.shape),
            jnp.zeros((length, obs0.shape[0]), jnp.int32))
    actor.hidden, last_obs, obs_buf, act_buf = jax.lax.fori_loop(0, length, body, init)
    replay.add({"obs": obs_buf, "actions": act_buf})
    return last_obs


def main():
    policy = RecurrentPolicy()
    obs = jax.random.normal(jax.random.key(1), (2, 4))
    carry = nn.OptimizedLSTMCell(16, parent=None).initialize_carry(jax.random.key(2), (2, 4))
    variables = policy.init(jax.random.key(3), carry, obs)
    actor, replay = Actor(policy, variables, carry), Replay()
    obs = rollout(actor, replay, obs)
    rollout(actor, replay, obs)
    return None
