# label: ok
# flax-error: none
# class: 2 the scan body is the module method self.step; the running KV state is the scan carry and the cache is written after the loop
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


def elu_feature_map(x):
    return nn.elu(x) + 1.0


class CausalLinearAttention(nn.Module):
    d_model: int = 8

    def setup(self):
        self.q = nn.Dense(self.d_model, use_bias=False)
        self.k = nn.Dense(self.d_model, use_bias=False)
        self.v = nn.Dense(self.d_model, use_bias=False)
        self.kv = self.variable("cache", "kv", jnp.zeros, (self.d_model, self.d_model))
        self.z = self.variable("cache", "z", jnp.zeros, (self.d_model,))

    def step(self, carry, xt):
        kv, z = carry
        q, k, v = elu_feature_map(self.q(xt)), elu_feature_map(self.k(xt)), self.v(xt)
        kv = kv + jnp.outer(k, v)
        z = z + k
        y = (q @ kv) / (q @ z + 1e-6)
        return (kv, z), y

    def __call__(self, x):
        if self.is_initializing():
            return self.step((self.kv.value, self.z.value), x[0])[1][None]
        (kv, z), ys = lax.scan(self.step, (self.kv.value, self.z.value), x)
        if self.is_mutable_collection("cache"):
            self.kv.value, self.z.value = kv, z
        return ys


def main():
    model = CausalLinearAttention()
    x = jax.random.normal(jax.random.PRNGKey(1), (7, 8))
    variables = model.init(jax.random.PRNGKey(0), x)
    ys = model.apply({"params": variables["params"], "cache": variables["cache"]}, x)
    ys.block_until_ready()
    return None
