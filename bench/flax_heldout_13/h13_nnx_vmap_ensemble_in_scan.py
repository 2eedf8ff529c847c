# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 64 (256 B)
# class: 4 an nnx.vmap-transformed critic-ensemble forward is given the outside ensemble module from inside a raw lax.scan body
import jax
import jax.numpy as jnp
from flax import nnx


class Critic(nnx.Module):
    def __init__(self, obs_dim, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(obs_dim, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, obs):
        return self.l2(nnx.relu(self.l1(obs)))[..., 0]


@nnx.vmap(in_axes=0, out_axes=0)
def make_ensemble(key):
    return Critic(3, nnx.Rngs(key))


@nnx.vmap(in_axes=(0, None), out_axes=0)
def ensemble_values(critics, obs):
    return critics(obs)


def pessimistic_returns(critics, trajectory, gamma=0.99):
    def body(ret, obs):
        q = ensemble_values(critics, obs).min(axis=0)
        ret = q + gamma * ret
        return ret, q

    return jax.lax.scan(body, jnp.zeros(trajectory.shape[1]), trajectory)


def main():
    critics = make_ensemble(jax.random.split(jax.random.key(0), 4))
    traj = jax.random.normal(jax.random.key(1), (6, 5, 3))
    pessimistic_returns(critics, traj)
    return None
