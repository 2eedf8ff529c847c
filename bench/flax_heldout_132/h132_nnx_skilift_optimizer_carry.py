# label: ok
# flax-error: none
# class: 4 trainer -> self.model and self.optimizer split once with nnx.split; their state goes through the fori_loop carry and is merged in the body
"""Online fine-tuning of the lift wait-time regressor from the last hour of gate scans."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
import optax


class WaitTimeRegressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(3, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, gate_scans):
        return self.out(nnx.silu(self.hidden(gate_scans)))[..., 0]


def squared_error(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class LiftTrainer:
    def __init__(self, model, learning_rate=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def fit(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def step(i, carry):
            state, total = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(squared_error)(model, xs[i], ys[i])
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), total + loss

        state, total = jax.lax.fori_loop(0, xs.shape[0], step, (state, jnp.zeros(())))
        nnx.update((self.model, self.optimizer), state)
        return total


def main():
    key_x, key_y = jax.random.split(jax.random.key(3))
    xs = jax.random.normal(key_x, (4, 8, 3))  # minibatches x skiers x (queue length, lanes open, wind)
    ys = jax.random.uniform(key_y, (4, 8)) * 10.0
    trainer = LiftTrainer(WaitTimeRegressor(nnx.Rngs(0)))
    print(float(trainer.fit(xs, ys)))
