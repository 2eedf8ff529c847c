# label: ok
# flax-error: none
# class: 3 the Agent attribute self.noise_key is split into one key per step before the fori_loop; the body indexes the split keys with the step
"""DDPG-style exploration: a deterministic NNX actor plus Gaussian action noise, rolled out in a
jax.lax.fori_loop. The rollout records the exploration noise for debugging."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

OBS, ACT, HORIZON = 3, 1, 10


class Actor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(OBS, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, ACT, rngs=rngs)

    def __call__(self, obs):
        return jnp.tanh(self.l2(nnx.relu(self.l1(obs))))


class Agent:
    def __init__(self, seed, sigma=0.2):
        rngs = nnx.Rngs(params=seed, explore=seed + 1)
        self.actor = Actor(rngs)
        self.sigma = sigma
        self.noise_key = rngs.explore()

    def rollout(self, obs0):
        noises = jnp.zeros((HORIZON, ACT))
        keys = jax.random.split(self.noise_key, HORIZON)

        def body(t, carry):
            obs, noises = carry
            noise = self.sigma * jax.random.normal(keys[t], (ACT,))
            action = jnp.clip(self.actor(obs) + noise, -1.0, 1.0)
            obs = jnp.array([jnp.cos(obs[2]), jnp.sin(obs[2]), obs[2] + 0.1 * action[0]])
            return obs, noises.at[t].set(noise)

        _, noises = jax.lax.fori_loop(0, HORIZON, body, (obs0, noises))
        return noises


def main():
    agent = Agent(0)
    return agent.rollout(jnp.array([1.0, 0.0, 0.0]))


if __name__ == "__main__":
    print(main())
