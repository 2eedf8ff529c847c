# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the scan body calls self._sync_target, which writes the "target" collection variable each step
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

    def _sync_target(self):
        self.target_w.value = self.tau * self.w + (1.0 - self.tau) * self.target_w.value

    def __call__(self, batches):
        def body(total, batch):
            obs, act, rew, next_obs = batch
            target = rew + GAMMA * self.q(self.target_w.value, next_obs, act)
            td = self.q(self.w, obs, act) - jax.lax.stop_gradient(target)
            self._sync_target()
            return total + jnp.mean(td ** 2), None

        total, _ = jax.lax.scan(body, 0.0, batches)
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
