# label: trace-context
# flax-error: TraceContextError: Cannot mutate Variable from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a Keras-style EarlyStopping callback holding nnx.Variable counters is closed over by the raw while_loop cond and body
"""keras.callbacks.EarlyStopping ported to an NNX object, driving a training loop written with lax.while_loop."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx

lax = jax.lax


class EarlyStopping(nnx.Module):
    def __init__(self, patience: int = 3, min_delta: float = 1e-4):
        self.patience = patience
        self.min_delta = min_delta
        self.best = nnx.Variable(jnp.array(jnp.inf))
        self.wait = nnx.Variable(jnp.array(0))

    def on_epoch_end(self, val_loss):
        improved = val_loss < self.best[...] - self.min_delta
        self.best[...] = jnp.where(improved, val_loss, self.best[...])
        self.wait[...] = jnp.where(improved, 0, self.wait[...] + 1)

    def should_stop(self):
        return self.wait[...] >= self.patience


def main():
    model = nnx.Linear(5, 1, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
    callback = EarlyStopping(patience=3)
    x_tr = jax.random.normal(jax.random.PRNGKey(0), (64, 5))
    y_tr = x_tr @ jnp.arange(5.0)[:, None]
    x_va, y_va = x_tr[:16] + 0.1, y_tr[:16]
    graphdef, state = nnx.split((model, optimizer))

    def cond_fn(carry):
        epoch, _ = carry
        return (epoch < 100) & ~callback.should_stop()

    def body_fn(carry):
        epoch, state = carry
        model, optimizer = nnx.merge(graphdef, state)
        grads = nnx.grad(lambda m: jnp.mean((m(x_tr) - y_tr) ** 2))(model)
        optimizer.update(model, grads)
        callback.on_epoch_end(jnp.mean((model(x_va) - y_va) ** 2))
        _, state = nnx.split((model, optimizer))
        return epoch + 1, state

    epochs, state = lax.while_loop(cond_fn, body_fn, (0, state))
    nnx.update((model, optimizer), state)
    epochs.block_until_ready()
    return None
