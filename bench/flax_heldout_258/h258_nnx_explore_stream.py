# label: same-values
# flax-error: none
# class: 5 make_actor_step(graphdef) returns the lax.scan body, which merges a copy of the policy (with its 'explore' stream) from the state in the carry
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class ExploringPolicy(nnx.Module):
    def __init__(self, obs_dim, n_actions, *, rngs: nnx.Rngs):
        self.net = nnx.Linear(obs_dim, n_actions, rngs=rngs)
        self.rngs = rngs

    def __call__(self, obs):
        logits = self.net(obs)
        return jax.random.categorical(self.rngs.explore(), logits, axis=-1)


def make_actor_step(graphdef):
    def actor_step(state, obs):
        policy = nnx.merge(graphdef, state, copy=True)
        action = policy(obs)
        return state, action

    return actor_step


def main():
    policy = ExploringPolicy(3, 4, rngs=nnx.Rngs(params=0, explore=1))
    graphdef, state = nnx.split(policy)
    obs = jnp.array([[0.5, -0.5, 0.0], [1.0, 1.0, 1.0]])
    obs_seq = jnp.broadcast_to(obs, (7,) + obs.shape)
    state, actions = lax.scan(make_actor_step(graphdef), state, obs_seq)
    nnx.update(policy, state)
    return actions
