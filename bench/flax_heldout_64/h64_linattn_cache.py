# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "kv" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the scan body is the module method self.step, which writes the running KV state into a 'cache' variable
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

    def step(self, _, xt):
        q, k, v = elu_feature_map(self.q(xt)), elu_feature_map(self.k(xt)), self.v(xt)
        self.kv.value = self.kv.value + jnp.outer(k, v)
        self.z.value = self.z.value + k
        y = (q @ self.kv.value) / (q @ self.z.value + 1e-6)
        return None, y

    def __call__(self, x):
        if self.is_initializing():
            return self.step(None, x[0])[1][None]
        _, ys = lax.scan(self.step, None, x)
        return ys


def main():
    model = CausalLinearAttention()
    x = jax.random.normal(jax.random.PRNGKey(1), (7, 8))
    variables = model.init(jax.random.PRNGKey(0), x)
    ys = model.apply({"params": variables["params"], "cache": variables["cache"]}, x)
    ys.block_until_ready()
    return None
