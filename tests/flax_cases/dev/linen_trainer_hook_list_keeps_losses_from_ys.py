# label: ok
# flax-error: none
# class: 4 a trainer runs its hooks (a list it is given) after the scan on the per-step losses the scan returns as ys
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.gelu(nn.Dense(16)(x)))


class Hook:
    def after_step(self, step, loss):
        pass


class LossHistory(Hook):
    def __init__(self):
        self.losses = []

    def after_step(self, step, loss):
        self.losses.append(loss)

    def summary(self):
        return jnp.stack(self.losses).mean()


class StepPrinter(Hook):
    def after_step(self, step, loss):
        print("traced step", step)


class Trainer:
    def __init__(self, model, tx, hooks=()):
        self.model = model
        self.tx = tx
        self.hooks = list(hooks)

    def fit(self, params, xs, ys):
        opt_state = self.tx.init(params)

        def loss_fn(p, x, y):
            return jnp.mean((self.model.apply({"params": p}, x) - y) ** 2)

        def train_step(carry, batch):
            params, opt_state = carry
            loss, grads = jax.value_and_grad(loss_fn)(params, *batch)
            updates, opt_state = self.tx.update(grads, opt_state)
            return (optax.apply_updates(params, updates), opt_state), loss

        (params, _), losses = jax.lax.scan(train_step, (params, opt_state), (xs, ys))
        for step, loss in enumerate(losses):
            for hook in self.hooks:
                hook.after_step(step, loss)
        return params


def main():
    model = Regressor()
    xs = jax.random.normal(jax.random.key(0), (6, 8, 3))
    ys = jnp.zeros((6, 8, 1))
    params = model.init(jax.random.key(1), xs[0])["params"]
    history = LossHistory()
    Trainer(model, optax.adam(1e-3), hooks=[history, StepPrinter()]).fit(params, xs, ys)
    history.summary().block_until_ready()
    return None
