# label: ok
# flax-error: none
# class: 3 a game agent merges its policy from the carried state inside a raw lax.scan self-play body, returns the final state from the loop and swaps in a policy merged from it afterwards
import jax
import jax.numpy as jnp
from flax import nnx


class Policy(nnx.Module):
    def __init__(self, obs_dim, n_actions, *, rngs):
        self.hidden = nnx.Linear(obs_dim, 32, rngs=rngs)
        self.logits = nnx.Linear(32, n_actions, rngs=rngs)

    def __call__(self, obs):
        return self.logits(nnx.tanh(self.hidden(obs)))


class SelfPlayAgent:
    def __init__(self, policy, target, tau=0.05):
        self.graphdef, self.state = nnx.split(policy)
        _, self.target_state = nnx.split(target)
        self.policy = policy
        self.tau = tau

    def swap_in(self, policy):
        self.policy = policy

    def act(self, obs):
        return jnp.argmax(self.policy(obs), axis=-1)

    def self_play(self, obs0, horizon=6):
        def body(carry, _):
            state, obs = carry
            policy = nnx.merge(self.graphdef, state)
            action = jnp.argmax(policy(obs), axis=-1)
            obs = obs * 0.95 + 0.05 * action[:, None]
            state = jax.tree.map(lambda p, t: (1 - self.tau) * p + self.tau * t, state, self.target_state)
            return (state, obs), action

        (self.state, _), actions = jax.lax.scan(body, (self.state, obs0), None, length=horizon)
        self.swap_in(nnx.merge(self.graphdef, self.state))
        return actions


def main():
    policy = Policy(5, 3, rngs=nnx.Rngs(0))
    target = Policy(5, 3, rngs=nnx.Rngs(1))
    agent = SelfPlayAgent(policy, target)
    obs = jnp.ones((2, 5))
    agent.self_play(obs)
    agent.act(obs).block_until_ready()
    return None
