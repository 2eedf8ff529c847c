# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 RolloutPolicy.__call__ scans over env steps and calls self.agent.act inside the body, which reaches the agent's trunk and heads, so their params are first created in the body during init
import jax
import jax.numpy as jnp
import flax.linen as nn
import jax.lax as lax

OBS_DIM = 4
ACT_DIM = 2
HORIZON = 8
GAMMA = 0.99
GAE_LAMBDA = 0.95


class Trunk(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, obs):
        h = nn.tanh(nn.Dense(self.hidden)(obs))
        return nn.tanh(nn.Dense(self.hidden)(h))


class ActorCritic(nn.Module):
    act_dim: int

    def setup(self):
        self.trunk = Trunk()
        self.pi_mean = nn.Dense(self.act_dim, kernel_init=nn.initializers.orthogonal(0.01))
        self.value_head = nn.Dense(1, kernel_init=nn.initializers.orthogonal(1.0))
        self.log_std = self.param("log_std", nn.initializers.constant(-0.5), (self.act_dim,))

    def __call__(self, obs):
        h = self.trunk(obs)
        return self.pi_mean(h), self.log_std, self.value_head(h).squeeze(-1)

    def act(self, obs, eps):
        mean, log_std, value = self(obs)
        action = mean + jnp.exp(log_std) * eps
        log_prob = jnp.sum(-0.5 * eps**2 - log_std - 0.5 * jnp.log(2 * jnp.pi), axis=-1)
        return action, log_prob, value


def point_mass_step(obs, action):
    pos, vel = obs[..., :2], obs[..., 2:]
    vel = 0.9 * vel + 0.1 * jnp.clip(action, -1.0, 1.0)
    pos = pos + 0.1 * vel
    reward = -jnp.sum(pos**2, axis=-1) - 0.01 * jnp.sum(action**2, axis=-1)
    return jnp.concatenate([pos, vel], axis=-1), reward


class RolloutPolicy(nn.Module):
    act_dim: int = ACT_DIM

    def setup(self):
        self.agent = ActorCritic(self.act_dim)

    def __call__(self, obs0, noise):
        def env_step(obs, eps):
            action, log_prob, value = self.agent.act(obs, eps)
            next_obs, reward = point_mass_step(obs, action)
            return next_obs, (reward, value, log_prob)

        last_obs, (rewards, values, log_probs) = lax.scan(env_step, obs0, noise)
        _, _, last_value = self.agent(last_obs)
        return rewards, values, log_probs, last_value


def compute_gae(rewards, values, last_value, gamma=GAMMA, lam=GAE_LAMBDA):
    next_values = jnp.concatenate([values[1:], last_value[None]], axis=0)
    deltas = rewards + gamma * next_values - values

    def backward(gae, delta):
        gae = delta + gamma * lam * gae
        return gae, gae

    _, advantages = lax.scan(backward, jnp.zeros_like(last_value), deltas, reverse=True)
    return advantages, advantages + values


def main():
    model = RolloutPolicy()
    obs0 = jnp.tile(jnp.array([0.5, -0.5, 0.0, 0.0]), (3, 1))
    noise = jax.random.normal(jax.random.key(1), (HORIZON, 3, ACT_DIM))
    variables = model.init(jax.random.key(0), obs0, noise)
    rewards, values, log_probs, last_value = model.apply(variables, obs0, noise)
    advantages, returns = compute_gae(rewards, values, last_value)
    advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
    jax.block_until_ready((advantages, returns, log_probs))
