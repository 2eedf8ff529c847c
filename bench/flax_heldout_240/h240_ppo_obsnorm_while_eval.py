# label: ok
# flax-error: none
# class: 5 the while_loop body calls act, a functools.partial of policy.apply bound to the variables with update_norm=False, so RunningObsNorm only reads its 'obs_norm' statistics in the loop; they are refreshed from the collected batch after it
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

N_ENVS = 4
OBS_DIM = 3
ACT_DIM = 1
MAX_STEPS = 12


class RunningObsNorm(nn.Module):
    epsilon: float = 1e-4

    @nn.compact
    def __call__(self, obs, update: bool):
        mean = self.variable("obs_norm", "mean", lambda: jnp.zeros(obs.shape[-1]))
        var = self.variable("obs_norm", "var", lambda: jnp.ones(obs.shape[-1]))
        count = self.variable("obs_norm", "count", lambda: jnp.array(self.epsilon))
        if update and not self.is_initializing():
            batch_mean, batch_var, n = obs.mean(0), obs.var(0), obs.shape[0]
            delta = batch_mean - mean.value
            total = count.value + n
            new_mean = mean.value + delta * n / total
            m2 = var.value * count.value + batch_var * n + delta**2 * count.value * n / total
            mean.value, var.value, count.value = new_mean, m2 / total, total
        return jnp.clip((obs - mean.value) / jnp.sqrt(var.value + 1e-8), -5.0, 5.0)


class GaussianPolicy(nn.Module):
    act_dim: int = ACT_DIM

    @nn.compact
    def __call__(self, obs, update_norm: bool = True):
        x = RunningObsNorm()(obs, update_norm)
        h = nn.tanh(nn.Dense(32)(x))
        mean = nn.Dense(self.act_dim)(nn.tanh(nn.Dense(32)(h)))
        log_std = self.param("log_std", nn.initializers.constant(-0.5), (self.act_dim,))
        value = nn.Dense(1)(nn.tanh(nn.Dense(32)(x))).squeeze(-1)
        return mean, log_std, value


def pendulum_step(obs, action):
    theta, theta_dot = jnp.arctan2(obs[:, 1], obs[:, 0]), obs[:, 2]
    theta_dot = jnp.clip(theta_dot + 0.05 * (-10.0 * jnp.sin(theta) + 3.0 * action[:, 0]), -8.0, 8.0)
    theta = theta + 0.05 * theta_dot
    reward = -(theta**2 + 0.1 * theta_dot**2 + 0.001 * action[:, 0] ** 2)
    done = jnp.abs(theta_dot) > 7.5
    return jnp.stack([jnp.cos(theta), jnp.sin(theta), theta_dot], axis=-1), reward, done


def collect(act, obs0, noise):
    def keep_going(carry):
        t, _, done, _ = carry
        return (t < MAX_STEPS) & ~jnp.all(done)

    def body(carry):
        t, obs, done, (obs_buf, rew_buf, val_buf, mask_buf) = carry
        mean, log_std, value = act(obs)
        action = mean + jnp.exp(log_std) * noise[t]
        next_obs, reward, next_done = pendulum_step(obs, action)
        alive = (~done).astype(jnp.float32)
        bufs = (
            obs_buf.at[t].set(obs),
            rew_buf.at[t].set(reward * alive),
            val_buf.at[t].set(value),
            mask_buf.at[t].set(alive),
        )
        return t + 1, next_obs, done | next_done, bufs

    bufs = (jnp.zeros((MAX_STEPS, N_ENVS, OBS_DIM)),) + (jnp.zeros((MAX_STEPS, N_ENVS)),) * 3
    init = (jnp.int32(0), obs0, jnp.zeros(N_ENVS, dtype=bool), bufs)
    t, last_obs, _, bufs = lax.while_loop(keep_going, body, init)
    return last_obs, bufs


def gae(rewards, values, masks, last_value, gamma=0.99, lam=0.95):
    next_values = jnp.concatenate([values[1:], last_value[None]])

    def backward(adv, xs):
        r, v, nv, m = xs
        adv = r + gamma * nv * m - v + gamma * lam * m * adv
        return adv, adv

    _, advantages = lax.scan(backward, jnp.zeros_like(last_value), (rewards, values, next_values, masks), reverse=True)
    return advantages


def main():
    policy = GaussianPolicy()
    angles = jnp.linspace(-0.5, 0.5, N_ENVS)
    obs0 = jnp.stack([jnp.cos(angles), jnp.sin(angles), jnp.zeros(N_ENVS)], axis=-1)
    variables = policy.init(jax.random.key(0), obs0)
    noise = jax.random.normal(jax.random.key(1), (MAX_STEPS, N_ENVS, ACT_DIM))
    act = functools.partial(policy.apply, variables, update_norm=False)
    last_obs, (observations, rewards, values, masks) = collect(act, obs0, noise)
    _, _, last_value = act(last_obs)
    advantages = gae(rewards, values, masks, last_value)
    seen = observations[masks > 0]
    _, norm_state = policy.apply(variables, seen, update_norm=True, mutable=["obs_norm"])
    variables = {**variables, **norm_state}
    jax.block_until_ready((advantages, variables["obs_norm"]))
