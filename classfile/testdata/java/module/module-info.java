module fixture.mod {
    exports fixture;
    requires java.base;
}
