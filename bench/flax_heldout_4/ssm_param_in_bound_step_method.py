# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 linear RNN (S4/LRU style) whose step method reads self.param; body is the bound method passed to lax.scan
import jax
import jax.numpy as jnp
import flax.linen as nn


class LinearRecurrentUnit(nn.Module):
    d_hidden: int
    d_model: int

    @nn.compact
    def step(self, h, x):
        nu_log = self.param("nu_log", nn.initializers.uniform(1.0), (self.d_hidden,))
        B = self.param("B", nn.initializers.lecun_normal(), (self.d_model, self.d_hidden))
        C = self.param("C", nn.initializers.lecun_normal(), (self.d_hidden, self.d_model))
        lam = jnp.exp(-jnp.exp(nu_log))
        h = lam * h + x @ B
        return h, h @ C

    def __call__(self, xs):
        h0 = jnp.zeros((xs.shape[1], self.d_hidden))
        _, ys = jax.lax.scan(self.step, h0, xs)
        return ys


class SSMClassifier(nn.Module):
    @nn.compact
    def __call__(self, xs):
        h = nn.Dense(16)(xs)
        h = LinearRecurrentUnit(32, 16)(h)
        return nn.Dense(3)(h.mean(0))


def main():
    xs = jnp.ones((12, 4, 5))
    model = SSMClassifier()
    params = model.init(jax.random.PRNGKey(0), xs)
    logits = model.apply(params, xs)
    print(logits.shape)
    return None
