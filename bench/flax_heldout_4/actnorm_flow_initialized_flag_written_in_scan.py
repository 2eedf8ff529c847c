# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 Glow-style flow: ActNorm data-dependent init writes its "initialized" variables inside the scan over flow steps
import jax
import jax.numpy as jnp
import flax.linen as nn


class ActNorm(nn.Module):
    @nn.compact
    def __call__(self, x):
        initialized = self.variable("actnorm", "initialized", lambda: jnp.array(False))
        loc = self.variable("actnorm", "loc", jnp.zeros, (x.shape[-1],))
        log_scale = self.variable("actnorm", "log_scale", jnp.zeros, (x.shape[-1],))

        def data_init():
            return -x.mean(0), -jnp.log(x.std(0) + 1e-6)

        new_loc, new_ls = jax.lax.cond(initialized.value, lambda: (loc.value, log_scale.value), data_init)
        loc.value, log_scale.value = new_loc, new_ls
        initialized.value = jnp.array(True)
        y = (x + loc.value) * jnp.exp(log_scale.value)
        return y, jnp.sum(log_scale.value)


class AffineCoupling(nn.Module):
    @nn.compact
    def __call__(self, x):
        xa, xb = jnp.split(x, 2, -1)
        h = nn.relu(nn.Dense(16)(xa))
        shift = nn.Dense(xb.shape[-1], kernel_init=nn.initializers.zeros)(h)
        return jnp.concatenate([xa, xb + shift], -1)


class Flow(nn.Module):
    n_steps: int = 3

    def setup(self):
        self.actnorm = ActNorm()
        self.coupling = AffineCoupling()

    def __call__(self, x):
        def flow_step(carry, _):
            x, logdet = carry
            x, ld = self.actnorm(x)
            x = self.coupling(x)[:, ::-1]
            return (x, logdet + ld), None

        (z, logdet), _ = jax.lax.scan(flow_step, (x, 0.0), None, length=self.n_steps)
        return z, logdet


def main():
    x = jax.random.normal(jax.random.PRNGKey(1), (32, 4)) * 3 + 1
    model = Flow()
    variables = model.init(jax.random.PRNGKey(0), x)
    (z, logdet), state = model.apply(variables, x, mutable=["actnorm"])
    z2, _ = model.apply({"params": variables["params"], **state}, x)
    print(z.std(), logdet, z2[0].shape)
    return None
