# label: ok
# flax-error: none
# class: 3 the trainer splits self.model and self.optimizer before the fori_loop; their state is the carry, merged in the body, returned with nnx.state and written back with nnx.update
"""County-level crop-yield regression for an agronomy analytics service: the trainer runs a
fixed number of AdamW steps per weekly refresh of satellite and weather features."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
import optax

FEATURES = 14


class YieldRegressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(FEATURES, 32, rngs=rngs)
        self.norm = nnx.LayerNorm(32, rngs=rngs)
        self.out = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.norm(self.hidden(x))))[..., 0]


def yield_loss(model, x, y):
    return jnp.mean(optax.huber_loss(model(x), y))


class YieldTrainer:
    def __init__(self, model, learning_rate=3e-3):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adamw(learning_rate), wrt=nnx.Param)

    def weekly_refresh(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(step, carry):
            state, running = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(yield_loss)(model, xs[step], ys[step])
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), running + loss

        state, total = jax.lax.fori_loop(0, xs.shape[0], body, (state, jnp.zeros(())))
        nnx.update((self.model, self.optimizer), state)
        return total / xs.shape[0]


def main():
    model = YieldRegressor(nnx.Rngs(0))
    xs = jax.random.normal(jax.random.PRNGKey(1), (5, 32, FEATURES))
    ys = jax.random.normal(jax.random.PRNGKey(2), (5, 32))
    YieldTrainer(model).weekly_refresh(xs, ys)
    return None
