# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 an AgentConfig(train=True) flag is baked by make_actor into a stored functools.partial of model.apply on a BatchNorm critic; a module-level rollout wrapper's raw lax.scan body calls actor.act
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class AgentConfig:
    hidden: int = 16
    num_actions: int = 3
    train: bool = True
    horizon: int = 5


class CrossQCritic(nn.Module):
    cfg: AgentConfig

    @nn.compact
    def __call__(self, obs, train: bool = False):
        h = nn.Dense(self.cfg.hidden)(obs)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.99)(h)
        h = nn.relu(h)
        return nn.Dense(self.cfg.num_actions)(h)


class Actor:
    def __init__(self, q_fn):
        self.q_fn = q_fn

    def act(self, obs):
        return jnp.argmax(self.q_fn(obs), axis=-1)


def make_actor(model, variables, cfg):
    return Actor(functools.partial(model.apply, variables, train=cfg.train))


def env_step(obs, action):
    return 0.9 * obs + 0.1 * action[:, None].astype(obs.dtype)


def rollout(actor, obs0, horizon):
    def body(obs, _):
        action = actor.act(obs)
        return env_step(obs, action), action

    return jax.lax.scan(body, obs0, None, length=horizon)


def main():
    cfg = AgentConfig()
    model = CrossQCritic(cfg)
    obs0 = jnp.ones((4, 6))
    variables = model.init(jax.random.PRNGKey(0), obs0)
    actor = make_actor(model, variables, cfg)
    _, actions = rollout(actor, obs0, cfg.horizon)
    actions.block_until_ready()
    return None
