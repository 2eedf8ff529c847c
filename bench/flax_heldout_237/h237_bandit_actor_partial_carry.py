# label: ok
# flax-error: none
# class: 5 act_fn is functools.partial(policy_step, model, params); the "action" rng travels in the while_loop carry and is split at every iteration
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

ACT_DIM = 2


class GaussianActorCritic(nn.Module):
    act_dim: int = ACT_DIM
    hidden: int = 16

    @nn.compact
    def __call__(self, obs):
        h = nn.tanh(nn.Dense(self.hidden)(obs))
        mean = nn.Dense(self.act_dim, name="mu")(h)
        log_std = self.param("log_std", nn.initializers.zeros, (self.act_dim,))
        value = nn.Dense(1, name="v")(h)[..., 0]
        return mean, log_std, value

    def sample_action(self, obs):
        mean, log_std, value = self(obs)
        eps = jax.random.normal(self.make_rng("action"), mean.shape)
        action = mean + jnp.exp(log_std) * eps
        logp = jnp.sum(-0.5 * eps**2 - log_std - 0.5 * jnp.log(2 * jnp.pi), axis=-1)
        return action, logp, value


def policy_step(model, params, key, obs):
    return model.apply(params, obs, rngs={"action": key}, method=GaussianActorCritic.sample_action)


def rollout(act_fn, context, key, horizon):
    """Contextual bandit: the same context is shown at every step."""
    actions = jnp.zeros((horizon, context.shape[0], ACT_DIM))
    logps = jnp.zeros((horizon, context.shape[0]))

    def cond(carry):
        return carry[0] < horizon

    def body(carry):
        t, key, actions, logps = carry
        key, step_key = jax.random.split(key)
        action, logp, _ = act_fn(step_key, context)
        return t + 1, key, actions.at[t].set(action), logps.at[t].set(logp)

    _, _, actions, logps = lax.while_loop(cond, body, (0, key, actions, logps))
    return actions, logps


def main():
    model = GaussianActorCritic()
    context = jnp.ones((3, 4))
    params = model.init(jax.random.key(0), context)
    act_fn = functools.partial(policy_step, model, params)
    return rollout(act_fn, context, jax.random.key(1), horizon=5)
