# label: same-values
# flax-error: none
# class: 3 the action key is drawn once from agent.rngs (an attribute of the Agent module) and closed over by the while_loop body
"""On-policy rollout of an NNX Gaussian agent until the episode ends, with jax.lax.while_loop.

Modelled on PPO ports to NNX: drawing from agent.rngs inside the loop fails, so the key is
drawn once before the loop and then used at every step. Returns the per-step action noise.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax
T, OBS, ACT = 12, 3, 2


class Agent(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.actor = nnx.Linear(OBS, ACT, rngs=rngs)
        self.critic = nnx.Linear(OBS, 1, rngs=rngs)
        self.log_std = nnx.Param(jnp.full((ACT,), -0.5))
        self.rngs = rngs


def env_step(obs, action):
    obs = 0.95 * obs + 0.1 * jnp.concatenate([action, action[:1]])
    return obs, -jnp.sum(obs ** 2), jnp.linalg.norm(obs) > 5.0


def rollout(agent, obs0):
    key = agent.rngs.action()

    def cond(c):
        t, obs, done, buf = c
        return (t < T) & ~done

    def body(c):
        t, obs, done, buf = c
        mean = agent.actor(obs)
        eps = jax.random.normal(key, mean.shape)
        action = mean + jnp.exp(agent.log_std[...]) * eps
        obs, reward, done = env_step(obs, action)
        return t + 1, obs, done, buf.at[t].set(eps)

    init = (0, obs0, jnp.array(False), jnp.zeros((T, ACT)))
    t, obs, done, buf = lax.while_loop(cond, body, init)
    return buf


def main():
    agent = Agent(nnx.Rngs(params=0, action=1))
    return rollout(agent, jnp.ones((OBS,)) * 0.1)
