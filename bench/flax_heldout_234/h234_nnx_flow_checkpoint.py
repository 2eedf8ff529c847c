# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body merges the flow from the carried params and hands it to self.checkpoints.keep(); the trainer evaluates checkpoints.latest after the loop
import jax
import jax.numpy as jnp
import flax.nnx as nnx
import optax


class PlanarFlow(nnx.Module):
    def __init__(self, dim, n_layers, rngs: nnx.Rngs):
        self.u = nnx.Param(0.1 * jax.random.normal(rngs.params(), (n_layers, dim)))
        self.w = nnx.Param(0.1 * jax.random.normal(rngs.params(), (n_layers, dim)))
        self.b = nnx.Param(jnp.zeros((n_layers,)))
        self.loc = nnx.Param(jnp.zeros((dim,)))

    def __call__(self, z):
        log_det = jnp.zeros(z.shape[:1])
        for k in range(self.u.shape[0]):
            u, w, b = self.u[k], self.w[k], self.b[k]
            wu = w @ u
            u_hat = u + (jax.nn.softplus(wu) - 1.0 - wu) * w / (w @ w)
            a = jnp.tanh(z @ w + b)
            z = z + a[:, None] * u_hat
            log_det = log_det + jnp.log(jnp.abs(1.0 + (1.0 - a**2) * (w @ u_hat)) + 1e-6)
        return z + self.loc[...], log_det


def nll(flow, x):
    # density of x under the flow applied in the normalizing direction
    z, log_det = flow(x)
    return -jnp.mean(jax.scipy.stats.norm.logpdf(z).sum(-1) + log_det)


class Checkpoints:
    def __init__(self):
        self.latest = None

    def keep(self, model):
        self.latest = model


class Trainer:
    def __init__(self, flow, lr=1e-2):
        self.graphdef, self.params = nnx.split(flow, nnx.Param)
        self.tx = optax.adam(lr)
        self.opt_state = self.tx.init(self.params)
        self.checkpoints = Checkpoints()

    def fit(self, batches):
        def train_step(carry, batch):
            params, opt_state = carry
            flow = nnx.merge(self.graphdef, params)
            loss, grads = nnx.value_and_grad(nll)(flow, batch)
            updates, opt_state = self.tx.update(grads, opt_state, params)
            params = optax.apply_updates(params, updates)
            nnx.update(flow, params)
            self.checkpoints.keep(flow)
            return (params, opt_state), loss

        (self.params, self.opt_state), losses = jax.lax.scan(train_step, (self.params, self.opt_state), batches)
        return losses

    def validate(self, x):
        return nll(self.checkpoints.latest, x)


def main():
    trainer = Trainer(PlanarFlow(2, 3, nnx.Rngs(0)))
    data = jax.random.normal(jax.random.key(1), (5, 16, 2)) * 0.5 + jnp.array([1.0, -2.0])
    losses = trainer.fit(data)
    val = trainer.validate(data[0])
    jax.block_until_ready((losses, val))
    return None
