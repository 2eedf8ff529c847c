# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/ReturnNormalizer_0" because collection "stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the critic's 'stats' collection reaches the fori_loop body through Learner.variables via Agent.learner
"""Actor/learner/replay split for a value-based agent. The critic normalises its value targets with
running statistics kept in a 'stats' collection (PopArt-style); the learner performs several
gradient steps per update with a fori_loop over sampled replay batches."""
import jax
import jax.numpy as jnp
import flax.linen as nn
import optax

lax = jax.lax


class ReturnNormalizer(nn.Module):
    decay: float = 0.99

    @nn.compact
    def __call__(self, returns):
        mean = self.variable("stats", "mean", jnp.zeros, ())
        sq = self.variable("stats", "sq", jnp.ones, ())
        if not self.is_initializing():
            mean.value = self.decay * mean.value + (1 - self.decay) * returns.mean()
            sq.value = self.decay * sq.value + (1 - self.decay) * (returns ** 2).mean()
        std = jnp.sqrt(jnp.maximum(sq.value - mean.value ** 2, 1e-6))
        return (returns - mean.value) / std


class Critic(nn.Module):
    @nn.compact
    def __call__(self, obs, returns):
        v = nn.Dense(1)(nn.tanh(nn.Dense(32)(obs)))[..., 0]
        return v, ReturnNormalizer()(returns)


class ReplayBuffer:
    def __init__(self, obs, returns):
        self.obs, self.returns = obs, returns

    def sample(self, key, batch):
        idx = jax.random.randint(key, (batch,), 0, self.obs.shape[0])
        return self.obs[idx], self.returns[idx]


class Learner:
    def __init__(self, critic, tx, variables):
        self.critic, self.tx = critic, tx
        self.variables = variables
        self.opt_state = tx.init(variables["params"])

    def loss(self, params, obs, returns):
        v, target = self.critic.apply({"params": params, "stats": self.variables["stats"]}, obs, returns)
        return jnp.mean((v - target) ** 2)

    def update(self, replay, key, n_steps=4):
        def body(i, carry):
            params, opt_state = carry
            obs, ret = replay.sample(jax.random.fold_in(key, i), 8)
            grads = jax.grad(self.loss)(params, obs, ret)
            updates, opt_state = self.tx.update(grads, opt_state, params)
            return optax.apply_updates(params, updates), opt_state

        params, self.opt_state = lax.fori_loop(0, n_steps, body, (self.variables["params"], self.opt_state))
        self.variables = {**self.variables, "params": params}


class Agent:
    def __init__(self, key, obs_dim):
        critic = Critic()
        variables = critic.init(key, jnp.zeros((1, obs_dim)), jnp.zeros((1,)))
        self.learner = Learner(critic, optax.adam(3e-4), variables)


def main():
    k1, k2, k3 = jax.random.split(jax.random.key(1), 3)
    agent = Agent(k1, 6)
    replay = ReplayBuffer(jax.random.normal(k2, (64, 6)), jax.random.normal(k3, (64,)) * 5.0)
    agent.learner.update(replay, jax.random.key(7))
    return None
