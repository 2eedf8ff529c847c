# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 an EMA callback built from the config calls nnx.update on the closed-over shadow model inside the while_loop body
"""NNX training harness: weight-EMA callback and a step-budget scheduler driving a while_loop."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class Policy(nnx.Module):
    def __init__(self, din, dout, rngs):
        self.net = nnx.Linear(din, dout, rngs=rngs)

    def __call__(self, x):
        return self.net(x)


class WeightEMA:
    def __init__(self, shadow: nnx.Module, decay: float):
        self.shadow = shadow
        self.decay = decay

    def on_step_end(self, params):
        old = nnx.state(self.shadow, nnx.Param)
        new = jax.tree.map(lambda s, p: self.decay * s + (1 - self.decay) * p, old, params)
        nnx.update(self.shadow, new)


class BudgetScheduler:
    def __init__(self, budget):
        self.budget = budget

    def should_continue(self, step, loss):
        return (step < self.budget) & (loss > 1e-3)


def build(cfg):
    model = Policy(cfg["din"], cfg["dout"], nnx.Rngs(cfg["seed"]))
    shadow = Policy(cfg["din"], cfg["dout"], nnx.Rngs(cfg["seed"]))
    callbacks = [WeightEMA(shadow, cfg["ema"])]
    return model, callbacks, BudgetScheduler(cfg["budget"])


def train(cfg, x, y):
    model, callbacks, scheduler = build(cfg)
    tx = optax.sgd(cfg["lr"])
    graphdef, params = nnx.split(model, nnx.Param)
    opt_state = tx.init(params)

    def loss_fn(p):
        return jnp.mean((nnx.merge(graphdef, p)(x) - y) ** 2)

    def cond(c):
        step, loss, _, _ = c
        return scheduler.should_continue(step, loss)

    def body(c):
        step, _, params, opt_state = c
        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        for cb in callbacks:
            cb.on_step_end(params)
        return step + 1, loss, params, opt_state

    jax.lax.while_loop(cond, body, (0, jnp.array(1.0), params, opt_state))


def main():
    cfg = {"din": 4, "dout": 2, "seed": 0, "ema": 0.9, "budget": 5, "lr": 0.1}
    x = jax.random.normal(jax.random.key(1), (8, 4))
    y = jax.random.normal(jax.random.key(2), (8, 2))
    train(cfg, x, y)
    return None
