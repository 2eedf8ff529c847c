# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 imagine() runs a scan whose body calls the actor and WorldModel.img_step(); img_step() appends each latent to the model's plain-list attribute, which critic_targets() stacks after the loop
"""Actor-critic learning in imagination (Dreamer-style) with a latent world model.

Starting from posterior latents, the actor proposes actions, the world model
predicts the next latent and reward, and lambda-returns over the imagined
trajectory train the critic.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclasses.dataclass(frozen=True)
class DreamerConfig:
    latent: int = 12
    act_dim: int = 3
    hidden: int = 24
    horizon: int = 5
    gamma: float = 0.97
    lam: float = 0.95


class WorldModel(nnx.Module):
    def __init__(self, cfg: DreamerConfig, *, rngs: nnx.Rngs):
        self.cell = nnx.GRUCell(cfg.latent + cfg.act_dim, cfg.latent, rngs=rngs)
        self.reward = nnx.Linear(cfg.latent, 1, rngs=rngs)
        self.imagined = []

    def reset_imagination(self, start):
        self.imagined.clear()
        self.imagined.append(start)

    def img_step(self, latent, action):
        latent, _ = self.cell(latent, jnp.concatenate([latent, action], -1))
        self.imagined.append(latent)
        return latent, self.reward(latent)[..., 0]


class Actor(nnx.Module):
    def __init__(self, cfg, *, rngs):
        self.net = nnx.Sequential(nnx.Linear(cfg.latent, cfg.hidden, rngs=rngs), nnx.elu,
                                  nnx.Linear(cfg.hidden, cfg.act_dim, rngs=rngs))

    def __call__(self, latent):
        return jnp.tanh(self.net(latent))


class Critic(nnx.Module):
    def __init__(self, cfg, *, rngs):
        self.net = nnx.Sequential(nnx.Linear(cfg.latent, cfg.hidden, rngs=rngs), nnx.elu,
                                  nnx.Linear(cfg.hidden, 1, rngs=rngs))

    def __call__(self, latent):
        return self.net(latent)[..., 0]


def imagine(world_model, actor, start, horizon):
    world_model.reset_imagination(start)

    def body(latent, _):
        action = actor(jax.lax.stop_gradient(latent))
        latent, reward = world_model.img_step(latent, action)
        return latent, reward

    _, rewards = jax.lax.scan(body, start, None, length=horizon)
    return rewards


def lambda_returns(rewards, values, gamma, lam):
    def body(next_ret, inp):
        r, v_next = inp
        ret = r + gamma * ((1 - lam) * v_next + lam * next_ret)
        return ret, ret

    _, rets = jax.lax.scan(body, values[-1], (rewards, values[1:]), reverse=True)
    return rets


def critic_targets(world_model, critic, rewards, cfg):
    latents = jnp.stack(world_model.imagined)          # (horizon + 1, batch, latent)
    values = critic(latents)
    return lambda_returns(rewards, values, cfg.gamma, cfg.lam), values


def main():
    cfg = DreamerConfig()
    rngs = nnx.Rngs(0)
    wm, actor, critic = WorldModel(cfg, rngs=rngs), Actor(cfg, rngs=rngs), Critic(cfg, rngs=rngs)
    start = jax.random.normal(jax.random.PRNGKey(1), (4, cfg.latent))
    rewards = imagine(wm, actor, start, cfg.horizon)
    targets, values = critic_targets(wm, critic, rewards, cfg)
    critic_loss = jnp.mean((values[:-1] - jax.lax.stop_gradient(targets)) ** 2)
    float(critic_loss)
    return None
