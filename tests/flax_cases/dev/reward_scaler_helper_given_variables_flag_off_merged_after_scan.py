# label: ok
# flax-error: none
# class: 4 the scaler's compact __call__ hands its variables to self._merge() behind `if update and not self.is_initializing()`; the scan body's self(..., update_stats=False) leaves the flag off and the stats are merged once after the scan
import jax
import jax.numpy as jnp
import flax.linen as nn


class RewardScaler(nn.Module):
    def _merge(self, count, second_moment, r):
        total = count.value + r.shape[0]
        second_moment.value = second_moment.value + ((r**2).mean() - second_moment.value) * r.shape[0] / total
        count.value = total

    @nn.compact
    def __call__(self, r, update: bool):
        count = self.variable("scaler", "count", lambda: jnp.array(1e-4))
        second_moment = self.variable("scaler", "m2", lambda: jnp.array(1.0))
        if update and not self.is_initializing():
            self._merge(count, second_moment, r)
        return r / jnp.sqrt(second_moment.value + 1e-8)


class Critic(nn.Module):
    def setup(self):
        self.scaler = RewardScaler()
        self.value = nn.Dense(1)

    def __call__(self, obs, reward, update_stats: bool = False):
        return self.value(obs).squeeze(-1) - self.scaler(reward, update_stats)

    def unroll(self, obs, rewards):
        def body(carry, r):
            adv = self(obs, r, update_stats=False)
            return carry + adv.mean(), adv
        total, advs = jax.lax.scan(body, 0.0, rewards)
        self.scaler(rewards.reshape(-1), update=True)
        return total, advs


def main():
    critic = Critic()
    obs = jnp.ones((4, 3))
    rewards = jnp.arange(20.0).reshape(5, 4)
    variables = critic.init(jax.random.key(0), obs, rewards[0])
    _, updated = critic.apply(variables, obs, rewards, method=Critic.unroll, mutable=["scaler"])
    critic.apply({"params": variables["params"], **updated}, obs, rewards[0])
    return None
