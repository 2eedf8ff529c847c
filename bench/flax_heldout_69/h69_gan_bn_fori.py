# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 generator batch_stats reassigned through `nonlocal` from inside a fori_loop body
"""DCGAN-style generator with BatchNorm; the user moved the training steps into
jax.lax.fori_loop and updates the running statistics with `nonlocal`."""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn


class Generator(nn.Module):
    @nn.compact
    def __call__(self, z, train: bool = True):
        x = nn.Dense(32)(z)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.tanh(nn.Dense(16)(nn.relu(x)))


def main():
    gen = Generator()
    z = jax.random.normal(jax.random.PRNGKey(1), (8, 4))
    variables = gen.init(jax.random.PRNGKey(0), z, train=False)
    params, batch_stats = variables["params"], variables["batch_stats"]
    tx = optax.adam(2e-4)
    opt_state = tx.init(params)
    target = jnp.full((8, 16), 0.5)

    def g_loss(p):
        fake, upd = gen.apply({"params": p, "batch_stats": batch_stats}, z, mutable=["batch_stats"])
        return jnp.mean((fake - target) ** 2), upd["batch_stats"]

    def train(i, carry):
        nonlocal batch_stats
        params, opt_state = carry
        (loss, new_stats), grads = jax.value_and_grad(g_loss, has_aux=True)(params)
        batch_stats = new_stats
        updates, opt_state = tx.update(grads, opt_state)
        return optax.apply_updates(params, updates), opt_state

    params, opt_state = jax.lax.fori_loop(0, 10, train, (params, opt_state))
    samples = gen.apply({"params": params, "batch_stats": batch_stats}, z, train=False)
    print(samples.mean())
    return None
