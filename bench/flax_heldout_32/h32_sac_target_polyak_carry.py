# label: ok
# flax-error: none
# class: 2 the scan body calls self._polyak on the target weights held in the carry; the "target" variable is written after the scan
import jax
import jax.numpy as jnp
from flax import linen as nn

OBS, ACT, GAMMA = 3, 2, 0.99


class Critic(nn.Module):
    tau: float = 0.05

    def setup(self):
        self.w = self.param("w", nn.initializers.lecun_normal(), (OBS + ACT, 1))
        self.target_w = self.variable("target", "w", lambda: self.w)

    def q(self, w, obs, act):
        return (jnp.concatenate([obs, act], -1) @ w)[..., 0]

    def _polyak(self, target_w):
        return self.tau * self.w + (1.0 - self.tau) * target_w

    def __call__(self, batches):
        def body(carry, batch):
            total, target_w = carry
            obs, act, rew, next_obs = batch
            target = rew + GAMMA * self.q(target_w, next_obs, act)
            td = self.q(self.w, obs, act) - jax.lax.stop_gradient(target)
            return (total + jnp.mean(td ** 2), self._polyak(target_w)), None

        (total, target_w), _ = jax.lax.scan(body, (0.0, self.target_w.value), batches)
        if self.is_mutable_collection("target"):
            self.target_w.value = target_w
        return total / batches[0].shape[0]


def make_batches(key, n=3, b=4):
    k1, k2, k3, k4 = jax.random.split(key, 4)
    return (jax.random.normal(k1, (n, b, OBS)), jax.random.normal(k2, (n, b, ACT)),
            jax.random.normal(k3, (n, b)), jax.random.normal(k4, (n, b, OBS)))


def main():
    critic = Critic()
    batches = make_batches(jax.random.key(1))
    variables = critic.init(jax.random.key(0), batches)
    params, target = variables["params"], variables["target"]
    for _ in range(2):
        loss, updated = critic.apply(
            {"params": params, "target": target}, batches, mutable=["target"])
        target = updated["target"]
    return None
