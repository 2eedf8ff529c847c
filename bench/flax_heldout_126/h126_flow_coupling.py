# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the flow's __call__ applies its one shared coupling layer (self.coupling, from setup) inside its own raw lax.scan
"""A RealNVP-style flow whose K coupling steps share one conditioner network.

To keep the parameter count down the flow applies the same coupling layer K times,
flipping the halves between steps, with a plain lax.scan over the steps.  It is then
trained by maximum likelihood on a toy 2-D dataset.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class Coupling(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, x):
        x1, x2 = jnp.split(x, 2, axis=-1)
        h = nn.tanh(nn.Dense(self.hidden)(x1))
        shift = nn.Dense(x2.shape[-1])(h)
        log_scale = jnp.tanh(nn.Dense(x2.shape[-1])(h))
        y2 = x2 * jnp.exp(log_scale) + shift
        return jnp.concatenate([x1, y2], -1), log_scale.sum(-1)


class SharedFlow(nn.Module):
    num_steps: int = 4

    def setup(self):
        self.coupling = Coupling()

    def __call__(self, x):
        def step(carry, _):
            h, logdet = carry
            h, ld = self.coupling(h)
            return (h[..., ::-1], logdet + ld), None

        (z, logdet), _ = lax.scan(step, (x, jnp.zeros(x.shape[:-1])), None, length=self.num_steps)
        return z, logdet


def nll(params, model, x):
    z, logdet = model.apply(params, x)
    log_pz = -0.5 * jnp.sum(z**2, -1) - jnp.log(2 * jnp.pi)
    return -jnp.mean(log_pz + logdet)


def main():
    key = jax.random.PRNGKey(0)
    data = jax.random.normal(key, (64, 2)) * jnp.array([2.0, 0.5]) + 1.0
    model = SharedFlow()
    params = model.init(jax.random.PRNGKey(1), data[:4])
    grad_fn = jax.value_and_grad(nll)
    for _ in range(3):
        loss, grads = grad_fn(params, model, data)
        params = jax.tree_util.tree_map(lambda p, g: p - 1e-2 * g, params, grads)
    print("final nll", loss)
    return None
